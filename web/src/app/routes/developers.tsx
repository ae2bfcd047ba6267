import { DevelopersPage } from '@/features/developers/components/developers-page';

/** /developers: the API reference, open to anyone (the contract discloses no data). */
export default function DevelopersRoute() {
  return <DevelopersPage />;
}
