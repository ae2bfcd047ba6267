import { Alert, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCircleCheck, IconMailForward } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { isValidEmail } from '@shared/api/admin';
import { TEAM_MESSAGES } from '@shared/api/team';
import { ROLE_LABELS, type Role } from '@shared/roles';
import { useAddMember } from '../api/team';
import { TeamErrorAlert } from './team-error-alert';

/** Spec §2 "Add member: email plus role", limited to the roles the caller may grant (§6). */
export function AddMemberForm({ orgId, orgName, grantable }: { orgId: string | null; orgName: string; grantable: readonly Role[] }) {
  const add = useAddMember();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const value = email.trim().toLowerCase();
    if (!value || !role) return setProblem(TEAM_MESSAGES.emailAndRole);
    if (!isValidEmail(value)) return setProblem(TEAM_MESSAGES.invalidEmail);
    if (!grantable.includes(role as Role)) return setProblem(TEAM_MESSAGES.roleNotAllowed);
    setProblem(null);
    add.mutate(
      { email: value, role, org_id: orgId ?? undefined },
      { onSuccess: (answer) => { setDone(answer.message); setEmail(''); setRole(null); } },
    );
  };

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label="Add member">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4">Add member</Title>
          <Text size="sm" c="dimmed">
            New people receive an email invitation to join {orgName}; they get their role once they accept it. People who already have an account are invited too, and join once they accept on their home page.
          </Text>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput label="Email" placeholder="name@bank.zm" value={email} onChange={(e) => setEmail(e.currentTarget.value)} w={{ base: '100%', sm: 320 }} autoComplete="off" />
            <Select
              label="Role"
              placeholder="Select a role"
              data={grantable.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
              value={role}
              onChange={setRole}
              w={{ base: '100%', sm: 220 }}
              allowDeselect={false}
            />
            <Button type="submit" mt={{ base: 0, sm: 25 }} loading={add.isPending} leftSection={<IconMailForward size={16} aria-hidden />}>
              Add member
            </Button>
          </Group>
          {problem && <Alert color="red" variant="light" role="alert">{problem}</Alert>}
          {add.error && <TeamErrorAlert error={add.error} />}
          {done && (
            <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} role="status" withCloseButton onClose={() => setDone(null)}>
              {done}
            </Alert>
          )}
        </Stack>
      </form>
    </Card>
  );
}
