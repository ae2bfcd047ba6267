import { Notifications } from '@mantine/notifications';

/** Loaded by NotificationsHost with the first notification. */
export default function NotificationsStack() {
  return <Notifications position="top-right" />;
}
