import { Card, Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { kindLabel } from '@/lib/format';
import { REVIEW_MESSAGES, SUBMISSION_STATUSES, submissionStatusLabel } from '@shared/api/reviews';

const STATUS_OPTIONS = [{ value: 'all', label: 'All statuses' }, ...SUBMISSION_STATUSES.map((s) => ({ value: s, label: submissionStatusLabel(s) }))];
const KIND_OPTIONS = [{ value: 'all', label: 'All kinds' }, ...(['inputs', 'stoppages'] as const).map((kind) => ({ value: kind, label: kindLabel(kind) }))];

const TIMING_OPTIONS = [
  { value: 'all', label: 'On time and late' },
  { value: 'late', label: 'Late only' },
];

/** What the reviewer chose: the search as typed, and the kind, status and timing filters. */
export interface FilterChoice {
  search: string;
  kind: string;
  status: string;
  timing: string;
}

interface ReviewFiltersProps {
  choice: FilterChoice;
  /** The search has characters but fewer than it needs. */
  tooShort: boolean;
  onChange: (name: keyof FilterChoice, value: string) => void;
}

/** The reviews queue's search, kind, status and timing filters (spec part 2 §2 "Submission Reviews"; timing: late only, or all). */
export function ReviewFilters({ choice, tooShort, onChange }: ReviewFiltersProps) {
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label="Filters">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Organisation, payee key, file or organisation id"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={choice.search}
          onChange={(e) => onChange('search', e.currentTarget.value)}
          description={tooShort ? REVIEW_MESSAGES.searchTooShort : 'Commas, % and * are ignored.'}
          inputWrapperOrder={['label', 'input', 'description']}
          w={{ base: '100%', sm: 340 }}
        />
        <Select
          label="Kind"
          data={KIND_OPTIONS}
          value={choice.kind}
          onChange={(v) => onChange('kind', v ?? 'all')}
          allowDeselect={false}
          w={{ base: '100%', xs: 170 }}
        />
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          value={choice.status}
          onChange={(v) => onChange('status', v ?? 'all')}
          allowDeselect={false}
          w={{ base: '100%', xs: 230 }}
        />
        <Select
          label="Timing"
          data={TIMING_OPTIONS}
          value={choice.timing}
          onChange={(v) => onChange('timing', v ?? 'all')}
          allowDeselect={false}
          w={{ base: '100%', xs: 190 }}
        />
      </Group>
    </Card>
  );
}
