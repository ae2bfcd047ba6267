import type { InputHTMLAttributes, Ref } from 'react';
import classes from './employee-sign-in.module.css';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  name: string;
  label: string;
  description: string;
  error?: string | null;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A labelled text field as Mantine's TextInput shows one (label, hint, then the error in red below), in plain
 * HTML: the hint and the error are the input's description, and an error marks it invalid.
 */
export function Field({ name, label, description, error, required, ...input }: FieldProps) {
  const id = `field-${name}`;
  return (
    <div className={classes.field}>
      <label htmlFor={id} className={classes.label}>
        {label}
        {required && (
          <span className={classes.required} aria-hidden>
            {' *'}
          </span>
        )}
      </label>
      <p id={`${id}-hint`} className={classes.hint}>
        {description}
      </p>
      <input
        {...input}
        id={id}
        name={name}
        type="text"
        required={required}
        className={classes.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
      />
      {error && (
        <p id={`${id}-error`} className={classes.error}>
          {error}
        </p>
      )}
    </div>
  );
}
