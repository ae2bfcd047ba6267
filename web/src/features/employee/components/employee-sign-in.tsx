import { type FormEvent, useRef, useState } from 'react';
import { PlainButton, PlainAuthFrame as AuthLayout, PlainNotice } from '@/components/layouts/auth-frame-plain';
import { errorMessage } from '@/lib/errors';
import { useAction as useMutation } from '@/lib/use-action';
import { EMPLOYEE_CODE, EMPLOYEE_MESSAGES, employeeCodeRequestCheck as employeeCodeRequestSchema } from '@shared/api/employee-words';
import { sanitiseNrcInput } from '@shared/rules/nrc';
import { requestCode } from '../api/request-code';
import { isSignInOver, signInWithCode } from '../api/sign-in';
import { Field } from './employee-sign-in-field';
import classes from './employee-sign-in.module.css';

type Details = { nrc: string; employee_number: string };
type DetailErrors = Partial<Record<keyof Details, string>>;

const CODE_SHAPE = new RegExp(`^\\d{${EMPLOYEE_CODE.digits}}$`);

/**
 * /employee, signed out: NRC and employee number, then the code texted to the payroll record's mobile.
 * The first step always ends with the same sentence (it tells nobody whether the details matched). Plain
 * HTML in the theme's colours: the portal's first screen loads no Mantine (Mantine comes with the screens
 * after sign-in).
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
  const fields = { nrc: useRef<HTMLInputElement>(null), employee_number: useRef<HTMLInputElement>(null) };

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
    if (!parsed.success) {
      const found: DetailErrors = Object.fromEntries(parsed.error.issues.map((i) => [i.path[0], i.message]));
      setErrors(found);
      // The first field to correct takes the focus, so that its error is read out with it.
      fields[found.nrc ? 'nrc' : 'employee_number'].current?.focus();
      return;
    }
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
    <AuthLayout title="Employee sign-in">
      {step === 'details' ? (
        <form onSubmit={sendCode} noValidate className={classes.form}>
          <p className={classes.intro}>
            See what is deducted from your pay. Enter your NRC and employee number; we text a code to the mobile number on your payroll record.
          </p>
          {ended && <PlainNotice tone="problem">{EMPLOYEE_MESSAGES.codeEnded}</PlainNotice>}
          {ask.error && <PlainNotice tone="problem">{errorMessage(ask.error)}</PlainNotice>}
          <Field
            ref={fields.nrc}
            label="NRC"
            description="As on your card, for example 123456/78/9"
            name="nrc"
            autoComplete="off"
            required
            value={details.nrc}
            onChange={set('nrc')}
            error={errors.nrc}
          />
          <Field
            ref={fields.employee_number}
            label="Employee number"
            description="As on your payslip"
            name="employee_number"
            autoComplete="off"
            required
            value={details.employee_number}
            onChange={set('employee_number')}
            error={errors.employee_number}
          />
          <PlainButton type="submit" loading={ask.isPending}>
            Send me a code
          </PlainButton>
        </form>
      ) : (
        <form onSubmit={signIn} noValidate className={classes.form}>
          <PlainNotice tone="news">{EMPLOYEE_MESSAGES.codeSent} It works for 5 minutes.</PlainNotice>
          {codeProblem && <PlainNotice tone="problem">{codeProblem}</PlainNotice>}
          {ask.error && <PlainNotice tone="problem">{errorMessage(ask.error)}</PlainNotice>}
          {answer.error && !isSignInOver(answer.error) && <PlainNotice tone="problem">{errorMessage(answer.error)}</PlainNotice>}
          <Field
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
            autoFocus
          />
          <label className={classes.shared}>
            <input
              type="checkbox"
              name="shared_phone"
              checked={sharedPhone}
              onChange={(event) => setSharedPhone(event.currentTarget.checked)}
              aria-describedby="shared-phone-hint"
            />
            <span>
              <span className={classes.sharedLabel}>This is a shared phone</span>
              <span className={classes.sharedHint} id="shared-phone-hint">
                Sign me out when this tab closes. Otherwise you stay signed in on this phone, in every tab, until you choose “Sign out”.
              </span>
            </span>
          </label>
          <PlainButton type="submit" loading={answer.isPending}>
            Sign in
          </PlainButton>
          <div className={classes.links}>
            <button type="button" className={classes.link} onClick={() => sendCode()} disabled={ask.isPending}>
              Send a new code
            </button>
            <button type="button" className={classes.link} onClick={() => setStep('details')}>
              Change my details
            </button>
          </div>
        </form>
      )}
    </AuthLayout>
  );
}
