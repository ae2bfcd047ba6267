import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconMessage } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { EMPLOYEE_CODE, EMPLOYEE_MESSAGES, employeeCodeRequestCheck as employeeCodeRequestSchema } from '@shared/api/employee-words';
import { sanitiseNrcInput } from '@shared/rules/nrc';
import { AuthFrame as AuthLayout } from '@/components/layouts/auth-frame';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useAction as useMutation } from '@/lib/use-action';
import { requestCode } from '../api/request-code';
import classes from './employee-sign-in.module.css';
import { isSignInOver, signInWithCode } from '../api/sign-in';

type Details = { nrc: string; employee_number: string };
type DetailErrors = Partial<Record<keyof Details, string>>;

const CODE_SHAPE = new RegExp(`^\\d{${EMPLOYEE_CODE.digits}}$`);

/**
 * /employee, signed out: NRC and employee number, then the code texted to the payroll record's mobile.
 * The first step always ends with the same sentence (it tells nobody whether the details matched).
 */
export function EmployeeSignIn() {
  const [details, setDetails] = useState<Details>({ nrc: '', employee_number: '' });
  const [errors, setErrors] = useState<DetailErrors>({});
  const [step, setStep] = useState<'details' | 'code'>('details');
  const [code, setCode] = useState('');
  const [codeProblem, setCodeProblem] = useState<string | null>(null);
  const [ended, setEnded] = useState(false);
  const [sharedPhone, setSharedPhone] = useState(false);
  const session = useRef<string | null>(null);

  const ask = useMutation({
    mutationFn: (input: Details) => requestCode(input.nrc, input.employee_number),
    onSuccess: () => {
      session.current = null;
      setCode('');
      setCodeProblem(null);
      setEnded(false);
      setStep('code');
    },
  });
  const answer = useMutation({
    mutationFn: (value: string) => signInWithCode(details.nrc, value, session.current, sharedPhone),
    onSuccess: (result) => {
      if (result.signedIn) return;
      session.current = result.session;
      setCodeProblem(EMPLOYEE_MESSAGES.wrongCode);
    },
    onError: (error) => {
      session.current = null;
      if (!isSignInOver(error)) return;
      setEnded(true);
      setStep('details');
    },
  });

  const sendCode = (event?: FormEvent) => {
    event?.preventDefault();
    const parsed = employeeCodeRequestSchema.safeParse(details);
    if (!parsed.success) return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path[0], i.message])));
    setErrors({});
    if (!ask.isPending) ask.mutate(parsed.data);
  };
  const signIn = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!CODE_SHAPE.test(value)) return setCodeProblem(EMPLOYEE_MESSAGES.code);
    setCodeProblem(null);
    if (!answer.isPending) answer.mutate(value);
  };
  const set = (field: keyof Details) => (event: { currentTarget: { value: string } }) => {
    const value = field === 'nrc' ? sanitiseNrcInput(event.currentTarget.value) : event.currentTarget.value;
    setDetails((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  return (
    <AuthLayout title="Employee sign-in" withSignInLink={false}>
      {step === 'details' ? (
        <form onSubmit={sendCode} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              See what is deducted from your pay. Enter your NRC and employee number; we text a code to the mobile number on your payroll record.
            </Text>
            {ended && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                {EMPLOYEE_MESSAGES.codeEnded}
              </Alert>
            )}
            {ask.error && <ErrorAlert error={ask.error} />}
            <TextInput
              label="NRC"
              description="As on your card, for example 123456/78/9"
              name="nrc"
              autoComplete="off"
              required
              value={details.nrc}
              onChange={set('nrc')}
              error={errors.nrc}
              data-autofocus
            />
            <TextInput
              label="Employee number"
              description="As on your payslip"
              name="employee_number"
              autoComplete="off"
              required
              value={details.employee_number}
              onChange={set('employee_number')}
              error={errors.employee_number}
            />
            <Button type="submit" fullWidth size="md" loading={ask.isPending}>
              Send me a code
            </Button>
          </Stack>
        </form>
      ) : (
        <form onSubmit={signIn} noValidate>
          <Stack gap="md">
            <Alert color="blue" variant="light" icon={<IconMessage size={18} />} role="status">
              {EMPLOYEE_MESSAGES.codeSent} It works for 5 minutes.
            </Alert>
            {codeProblem && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                {codeProblem}
              </Alert>
            )}
            {answer.error && !isSignInOver(answer.error) && <ErrorAlert error={answer.error} />}
            <TextInput
              label="Code"
              description={`The ${EMPLOYEE_CODE.digits} digits in the text message`}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={EMPLOYEE_CODE.digits}
              required
              value={code}
              onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, ''))}
              data-autofocus
              autoFocus
            />
            <label className={classes.shared}>
              <input type="checkbox" name="shared_phone" checked={sharedPhone} onChange={(event) => setSharedPhone(event.currentTarget.checked)} aria-describedby="shared-phone-hint" />
              <span>
                <Text span size="sm" fw={500}>
                  This is a shared phone
                </Text>
                <Text size="xs" c="dimmed" id="shared-phone-hint">
                  Sign me out when this tab closes. Otherwise you stay signed in on this phone, in every tab, until you choose “Sign out”.
                </Text>
              </span>
            </label>
            <Button type="submit" fullWidth size="md" loading={answer.isPending}>
              Sign in
            </Button>
            <Group justify="space-between" gap="xs">
              <Anchor component="button" type="button" size="sm" onClick={() => sendCode()} disabled={ask.isPending}>
                Send a new code
              </Anchor>
              <Anchor component="button" type="button" size="sm" onClick={() => setStep('details')}>
                Change my details
              </Anchor>
            </Group>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
