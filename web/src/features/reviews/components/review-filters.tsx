import { Card, Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { REVIEW_MESSAGES, SUBMISSION_STATUSES, submissionStatusLabel } from '@shared/api/reviews';
import { KIND_LABELS } from '../utils/format';

const STATUS_OPTIONS = [{ value: 'all', label: 'All statuses' }, ...SUBMISSION_STATUSES.map((s) => ({ value: s, label: submissionStatusLabel(s) }))];
const KIND_OPTIONS = [{ value: 'all', label: 'All kinds' }, ...Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }))];

interface ReviewFiltersProps {
  search: string;
  kind: string;
  status: string;
  /** The search has characters but fewer than it needs. */
  tooShort: boolean;
  onSearch: (value: string) => void;
  onKind: (value: string) => void;
  onStatus: (value: string) => void;
}

/** The reviews queue's search, kind and status filters (spec part 2 §2 "Submission Reviews"). */
export function ReviewFilters({ search, kind, status, tooShort, onSearch, onKind, onStatus }: ReviewFiltersProps) {
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label="Filters">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Organisation, payee key, file or organisation id"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => onSearch(e.currentTarget.value)}
          description={tooShort ? REVIEW_MESSAGES.searchTooShort : 'Commas, % and * are ignored.'}
          inputWrapperOrder={['label', 'input', 'description']}
          w={{ base: '100%', sm: 340 }}
        />
        <Select label="Kind" data={KIND_OPTIONS} value={kind} onChange={(v) => onKind(v ?? 'all')} allowDeselect={false} w={{ base: '100%', xs: 170 }} />
        <Select label="Status" data={STATUS_OPTIONS} value={status} onChange={(v) => onStatus(v ?? 'all')} allowDeselect={false} w={{ base: '100%', xs: 230 }} />
      </Group>
    </Card>
  );
}
