import { Group, NumberInput, Radio } from '@mantine/core';
import type { ReactNode } from 'react';
import type { PricingKind } from '@shared/api/dashboard';

interface Props {
  pricing: PricingKind;
  onPricing: (pricing: PricingKind) => void;
  pricingError: ReactNode;
  amount: number | string;
  onAmount: (amount: number | string) => void;
  amountError: ReactNode;
}

/** The billing plan's pricing and amount (BillingPlanEditor), loaded once an organisation is found. */
export default function BillingPlanPricing({ pricing, onPricing, pricingError, amount, onAmount, amountError }: Props) {
  const amountLabel = pricing === 'flat' ? 'Flat fee per month (ZMW)' : 'Price per upload (ZMW)';
  return (
    <>
      <Radio.Group label="Pricing" size="md" value={pricing} onChange={(v) => onPricing(v as PricingKind)} error={pricingError}>
        <Group gap="md" mt={12}>
          <Radio value="per_upload" label="Price per upload" />
          <Radio value="flat" label="Flat monthly fee" />
        </Group>
      </Radio.Group>
      <NumberInput
        label={amountLabel}
        value={amount}
        onChange={onAmount}
        size="md"
        min={0.01}
        clampBehavior="none"
        allowNegative={false}
        decimalScale={2}
        thousandSeparator=","
        w={250}
        error={amountError}
      />
    </>
  );
}
