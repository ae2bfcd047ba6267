import { SimpleGrid } from '@mantine/core';
import { ExposureSettings } from './exposure-settings';
import { MandatesSettings } from './mandates-settings';
import { RetentionSettings } from './retention-settings';
import { WindowSettings } from './window-settings';

/** The platform settings on /admin, one card each; platform admins change them, every change audited. */
export function PlatformSettings() {
  return (
    <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md">
      <ExposureSettings />
      <WindowSettings />
      <RetentionSettings />
      <MandatesSettings />
    </SimpleGrid>
  );
}
