import { Alert, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { DoneAlert } from '@/components/ui/done-alert';
import { addTeamMemberRequestSchema, TEAM_MESSAGES } from '@shared/api/team';
import { ROLE_LABELS, type Role } from '@shared/roles';
import { useAddMember } from '../api/team';
import { TeamErrorAlert } from './team-error-alert';

/** The request's own checks (one message for the whole form, word for word), then the roles this caller may grant. */
const memberSchema = (grantable: readonly Role[]) =>
  addTeamMemberRequestSchema.refine((member) => grantable.includes(member.role), { message: TEAM_MESSAGES.roleNotAllowed });

/** Spec §2 "Add member: email plus role", limited to the roles the caller may grant (§6). */
export function AddMemberForm({ orgId, orgName, grantable }: { orgId: string | null; orgName: string; grantable: readonly Role[] }) {
  const add = useAddMember();
  const [done, setDone] = useState<string | null>(null);
  const form = useForm({ initialValues: { email: '', role: '' }, validate: schemaResolver(memberSchema(grantable), { sync: true }) });
  // The schema's messages are about the form as a whole (spec §8 "Team"), so they show in one alert.
  const problem = Object.values(form.errors)[0];

  const submit = form.onSubmit(({ email, role }) =>
    add.mutate({ email, role, org_id: orgId ?? undefined }, { onSuccess: (answer) => (setDone(answer.message), form.reset()) }),
  );

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label="Add member">
      <form onSubmitCapture={() => setDone(null)} onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Add member
          </Title>
          <Text size="sm" c="dimmed">
            New people receive an email invitation to join {orgName}; they get their role once they accept it. People who already have an account are invited
            too, and join once they accept on their home page.
          </Text>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Email"
              placeholder="name@bank.zm"
              w={{ base: '100%', sm: 320 }}
              autoComplete="off"
              {...form.getInputProps('email', { withError: false })}
            />
            <Select
              label="Role"
              placeholder="Select a role"
              data={grantable.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
              value={form.values.role || null}
              onChange={(value) => form.setFieldValue('role', value ?? '')}
              w={{ base: '100%', sm: 220 }}
              allowDeselect={false}
            />
            <Button type="submit" mt={{ base: 0, sm: 25 }} loading={add.isPending} leftSection={<IconMailForward size={16} aria-hidden />}>
              Add member
            </Button>
          </Group>
          {problem && (
            <Alert color="red" variant="light" role="alert">
              {problem}
            </Alert>
          )}
          {add.error && <TeamErrorAlert error={add.error} />}
          <DoneAlert message={done} onClose={() => setDone(null)} />
        </Stack>
      </form>
    </Card>
  );
}
