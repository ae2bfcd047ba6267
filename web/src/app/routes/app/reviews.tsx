import { useDocumentTitle } from '@mantine/hooks';
import { BRAND_NAME } from '@/components/ui/brand';
import { ReviewsView } from '@/features/reviews/components/reviews-view';
import { screenLabel, useSignedInUser } from '@/lib/authorization';

/** /reviews: super_admin, sys_admin, pmec_admin, compliance (the signed-in layout checks; the API checks every call again). */
export default function ReviewsRoute() {
  const { me } = useSignedInUser();
  const title = screenLabel('/reviews');
  useDocumentTitle(`${title} · ${BRAND_NAME}`);
  return <ReviewsView title={title} roles={me.roles} />;
}
