import { Alert, Button, FileButton, FileInput, Group, type MantineSize, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';

/** What a picker accepts, and its limits as the screen words them. */
export interface FileLimits {
  /** The chooser's filter: MIME types and extensions. */
  accept: string;
  /** The limits under the label ('PDF files, up to 10 MB each.'); left out where a whole group states them once. */
  hint?: string;
  /** The most files the field holds: adding turns off there. */
  maxFiles?: number;
}

interface Common {
  label: string;
  /** What the file is; the limits' hint follows it. */
  description?: ReactNode;
  limits: FileLimits;
  /** Said where the picker is, and announced (a refused choice, a file that failed). */
  error?: ReactNode;
  disabled?: boolean;
  withAsterisk?: boolean;
  icon?: ReactNode;
  size?: MantineSize;
}

/** One file, replaced by the next choice. */
interface OneFile extends Common {
  mode: 'one';
  value: File | null;
  onChange: (file: File | null) => void;
  placeholder: string;
}

/** Several files chosen together, replaced by the next choice. */
interface ManyFiles extends Common {
  mode: 'many';
  value: File[];
  onChange: (files: File[]) => void;
  placeholder: string;
}

/** Files added a few at a time to a list shown beside it (each uploading as it comes). */
interface AddFiles extends Common {
  mode: 'add';
  /** How many the list holds now. */
  count: number;
  onAdd: (files: File[]) => void;
  buttonLabel: string;
}

export type FilePickerProps = OneFile | ManyFiles | AddFiles;

function Description({ description, hint }: { description?: ReactNode; hint?: string }) {
  if (!description || !hint) return description ?? hint;
  return (
    <>
      <span style={{ display: 'block' }}>{description}</span>
      <span style={{ display: 'block' }}>{hint}</span>
    </>
  );
}

/**
 * The one way a screen lets a person choose files: a labelled control reached and opened from the
 * keyboard (Enter or Space), its limits under the label, the choice filtered by type, and errors said
 * in place and announced. The screen checks the files against its rules in its own words.
 */
export function FilePicker(props: FilePickerProps) {
  const id = useId();
  const { label, limits, error, disabled, withAsterisk, icon, size } = props;
  const description = <Description description={props.description} hint={limits.hint} />;
  const hasDescription = Boolean(props.description || limits.hint);
  const errorProps = { role: 'alert' };

  if (props.mode === 'add') {
    const full = limits.maxFiles !== undefined && props.count >= limits.maxFiles;
    // The button keeps its own name ("Add files"): the label and the limits describe it.
    return (
      <Stack gap="xs">
        <div>
          <Text size="md" fw={600} id={`${id}-label`}>
            {label}
          </Text>
          {hasDescription && (
            <Text size="sm" c="dimmed" id={`${id}-hint`}>
              {description}
            </Text>
          )}
        </div>
        <Group>
          <FileButton onChange={props.onAdd} accept={limits.accept} multiple disabled={disabled || full}>
            {(trigger) => (
              <Button
                {...trigger}
                aria-describedby={hasDescription ? `${id}-label ${id}-hint` : `${id}-label`}
                variant="default"
                leftSection={icon}
                size={size}
              >
                {props.buttonLabel}
              </Button>
            )}
          </FileButton>
        </Group>
        {/* Files refused here never join the list: a notice of its own rather than a field's error. */}
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    );
  }

  const shared = {
    label,
    description: hasDescription ? description : undefined,
    placeholder: props.placeholder,
    accept: limits.accept,
    error,
    errorProps,
    disabled,
    withAsterisk,
    leftSection: icon,
    size,
    clearable: true,
    clearButtonProps: { 'aria-label': `Remove the chosen file from ${label}` },
  };
  return props.mode === 'many' ? (
    <FileInput {...shared} multiple value={props.value} onChange={props.onChange} />
  ) : (
    <FileInput {...shared} value={props.value} onChange={props.onChange} />
  );
}
