import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import { deleteAuthUser, getUserLinks } from '@shared/routes/admin';

const linksKey = (email: string) => ['admin', 'user-links', email] as const;

/** The User Inspector's data: the auth user and its four kinds of links. */
export function useUserLinks(email: string | null) {
  return useQuery({
    queryKey: linksKey(email ?? ''),
    queryFn: ({ signal }) => callRoute(getUserLinks, { signal, params: { email: email! } }),
    enabled: Boolean(email),
    staleTime: 0,
  });
}

export function useDeleteAuthUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => callRoute(deleteAuthUser, { params: { email } }),
    onSuccess: (_answer, email) => client.invalidateQueries({ queryKey: linksKey(email) }),
  });
}
