import { SimpleGrid } from '@mantine/core';
import { AffordabilitySettings } from './affordability-settings';
import { ExposureSettings } from './exposure-settings';
import { MandatesSettings } from './mandates-settings';
import { PayrollAuthoritySettings } from './payroll-authority-settings';
import { RetentionSettings } from './retention-settings';
import { ValidationsSettings } from './validations-settings';
import { WindowSettings } from './window-settings';

/** The platform settings on /admin, one card each; platform admins change them, every change audited. */
export function PlatformSettings() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <PayrollAuthoritySettings />
      <ExposureSettings />
      <WindowSettings />
      <RetentionSettings />
      <AffordabilitySettings />
      <MandatesSettings />
      <ValidationsSettings />
    </SimpleGrid>
  );
}
