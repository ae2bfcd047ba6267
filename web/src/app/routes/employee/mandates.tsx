import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { BRAND_NAME } from '@/components/ui/brand';
import { GiveMandate } from '@/features/mandates/components/give-mandate';
import { MyMandates } from '@/features/mandates/components/my-mandates';

/** /employee/mandates: the employee gives a lender their consent and follows their mandates. */
export default function EmployeeMandatesRoute() {
  useDocumentTitle(`Mandates · ${BRAND_NAME}`);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Mandates
      </Title>
      <Text size="sm" c="dimmed">
        A mandate is your consent to one lender’s deduction. We text its number and a PIN to your phone; the lender needs both.
      </Text>
      <GiveMandate />
      <MyMandates />
    </Stack>
  );
}
