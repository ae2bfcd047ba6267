import { useNotifications } from '@mantine/notifications';
import { Suspense, lazy, useState } from 'react';

/** Mantine's notification stack (portal, transitions, swipe), loaded with the first notification shown. */
const Notifications = lazy(() => import('./notifications-stack'));

/**
 * Where `notifications.show` appears: mounted once the store first holds a notification, so that no
 * screen waits for the stack before it is usable. Notifications shown meanwhile wait in the store.
 */
export function NotificationsHost() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  );
}
