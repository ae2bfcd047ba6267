import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { callRoute, type RouteRequest } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { useUpload } from '@/lib/use-upload';
import { ACCOUNT_MESSAGES, type ClientType, ONBOARDING_DOCS, type OnboardingDoc } from '@shared/api/accounts';
import { renewAccessRequest } from '@shared/routes/accounts';
import { isValidPayeeKey } from '@shared/rules/payee-key';
import { pdfProblem } from '../utils/pdf-file';
import { DocumentFields } from './document-fields';
import { OrganisationFields } from './organisation-fields';

interface Values {
  clientType: ClientType;
  payeeKey: string;
  orgName: string;
  files: Partial<Record<OnboardingDoc, File>>;
}

/** The sign-up form's organisation and document rules, without the account fields (the account exists). */
function problems(values: Values): { payeeKey?: string; orgName?: string; documents?: string } {
  const out: { payeeKey?: string; orgName?: string; documents?: string } = {};
  if (values.clientType === 'fi' && !values.payeeKey.trim()) out.payeeKey = ACCOUNT_MESSAGES.payeeKeyRequired;
  else if (values.clientType === 'fi' && !isValidPayeeKey(values.payeeKey.trim())) out.payeeKey = ACCOUNT_MESSAGES.payeeKeyInvalid;
  if (values.clientType === 'pmec' && !values.orgName.trim()) out.orgName = ACCOUNT_MESSAGES.orgNameRequired;
  if (ONBOARDING_DOCS[values.clientType].some((doc) => !values.files[doc]))
    out.documents = values.clientType === 'fi' ? ACCOUNT_MESSAGES.fiDocsMissing : ACCOUNT_MESSAGES.pmecDocsMissing;
  return out;
}

/**
 * A new access request from /pending, for the signed-in account (rejected before, or never filed): the
 * organisation and new documents; admins see it beside the earlier one.
 */
export function RenewRequestForm({ initial, onFiled }: { initial: Pick<Values, 'clientType' | 'payeeKey' | 'orgName'>; onFiled: () => void }) {
  const [values, setValues] = useState<Values>({ ...initial, files: {} });
  const [errors, setErrors] = useState<ReturnType<typeof problems>>({});
  const [fileErrors, setFileErrors] = useState<Partial<Record<OnboardingDoc, string>>>({});
  const send = useUpload(
    (body: RouteRequest<typeof renewAccessRequest>, signal) => callRoute(renewAccessRequest, { body, signal }),
    (answer) => answer.uploads,
  );
  const set = (patch: Partial<Values>) => setValues((current) => ({ ...current, ...patch }));

  const chooseFile = async (doc: OnboardingDoc, file: File | null) => {
    set({ files: { ...values.files, [doc]: file ?? undefined } });
    setFileErrors((current) => ({ ...current, [doc]: undefined }));
    if (file) {
      const problem = await pdfProblem(file, doc);
      setFileErrors((current) => ({ ...current, [doc]: problem ?? undefined }));
    }
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = problems(values);
    setErrors(found);
    if (Object.values(found).some(Boolean) || Object.values(fileErrors).some(Boolean) || send.isPending) return;
    const docs = ONBOARDING_DOCS[values.clientType];
    send.mutate(
      {
        request: {
          client_type: values.clientType,
          payee_key: values.clientType === 'fi' ? values.payeeKey.trim() : '',
          org_name: values.clientType === 'pmec' ? values.orgName.trim() : '',
        },
        files: Object.fromEntries(docs.map((doc) => [doc, values.files[doc]])),
      },
      { onSuccess: onFiled },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="renew-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="renew-title">
          Request access again
        </Title>
        <Text size="sm" c="dimmed">
          Send your organisation’s details and new documents. An administrator reviews the new request beside the earlier one.
        </Text>
        {send.error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(send.error)}
          </Alert>
        )}
        <OrganisationFields
          clientType={values.clientType}
          payeeKey={values.payeeKey}
          orgName={values.orgName}
          errors={errors}
          disabled={send.isPending}
          onClientTypeChange={(clientType) => (set({ clientType }), setErrors({}))}
          onPayeeKeyChange={(payeeKey) => set({ payeeKey })}
          onOrgNameChange={(orgName) => set({ orgName })}
        />
        <DocumentFields
          clientType={values.clientType}
          files={values.files}
          errors={fileErrors}
          missingMessage={errors.documents}
          onChange={chooseFile}
          disabled={send.isPending}
        />
        <Button type="submit" loading={send.isPending}>
          Send the new request
        </Button>
      </Stack>
    </form>
  );
}
