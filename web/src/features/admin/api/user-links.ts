import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import { routeKey, routeQuery } from '@/lib/queries';
import { deleteAuthUser, getUserLinks } from '@shared/routes/admin';

/** The User Inspector's data: the auth user and its four kinds of links. */
export function useUserLinks(email: string | null) {
  return useQuery({
    ...routeQuery(getUserLinks, { params: { email: email ?? '' } }),
    enabled: Boolean(email),
    staleTime: 0,
  });
}

export function useDeleteAuthUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => callRoute(deleteAuthUser, { params: { email } }),
    onSuccess: (_answer, email) => client.invalidateQueries({ queryKey: routeKey(getUserLinks, { params: { email } }) }),
  });
}
