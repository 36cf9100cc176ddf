// A form generated from a tool's input schema (the subset json-schema.ts understands): text,
// number, checkbox, choice, lists of values and nested groups, each labelled with its name, its
// description and a required marker. The values stay text until json-schema.ts converts them.
import { type ReactNode, useId } from 'react';
import { type Draft, fieldKind, formFields, initialDraft, type JsonSchema } from './json-schema';

export function SchemaForm(props: {
  readonly schema: JsonSchema;
  readonly value: Draft;
  readonly onChange: (value: Draft) => void;
}) {
  const fields = formFields(props.schema);
  if (fields.length === 0) return <p className="muted">This tool takes no arguments.</p>;
  return <ObjectFields schema={props.schema} value={props.value} onChange={props.onChange} />;
}

function ObjectFields(props: {
  readonly schema: JsonSchema;
  readonly value: Draft;
  readonly onChange: (value: Draft) => void;
}) {
  const values = (
    typeof props.value === 'object' && !Array.isArray(props.value) ? props.value : {}
  ) as Record<string, Draft>;
  return (
    <div className="schema-fields">
      {formFields(props.schema).map((field) => (
        <Field
          key={field.name}
          name={field.name}
          schema={field.schema}
          required={field.required}
          value={values[field.name] ?? initialDraft(field.schema)}
          onChange={(next) => props.onChange({ ...values, [field.name]: next })}
        />
      ))}
    </div>
  );
}

function Field(props: {
  readonly name: string;
  readonly schema: JsonSchema;
  readonly required: boolean;
  readonly value: Draft;
  readonly onChange: (value: Draft) => void;
}) {
  const id = useId();
  const { schema } = props;
  const kind = fieldKind(schema);
  const describedBy = schema.description === undefined ? undefined : `${id}-description`;
  const label = (
    <>
      {schema.title ?? props.name}
      {props.required ? (
        <span className="required" aria-hidden="true">
          {' '}
          *
        </span>
      ) : null}
    </>
  );
  const description =
    schema.description === undefined ? null : (
      <span id={describedBy} className="muted field-description">
        {schema.description}
      </span>
    );
  if (kind === 'object') {
    return (
      <fieldset className="schema-group">
        <legend>{label}</legend>
        {description}
        <ObjectFields schema={schema} value={props.value} onChange={props.onChange} />
      </fieldset>
    );
  }
  if (kind === 'boolean') {
    return (
      <div className="field check">
        <input
          id={id}
          type="checkbox"
          checked={props.value === true}
          aria-describedby={describedBy}
          onChange={(event) => props.onChange(event.target.checked)}
        />
        <label htmlFor={id}>{label}</label>
        {description}
      </div>
    );
  }
  if (kind === 'array') {
    return <ListField {...props} label={label} description={description} describedBy={describedBy} />;
  }
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <ValueInput
        id={id}
        schema={schema}
        required={props.required}
        value={typeof props.value === 'string' ? props.value : ''}
        describedBy={describedBy}
        onChange={props.onChange}
      />
      {description}
    </div>
  );
}

/** One value: a choice for an enum, a number input for numbers, text otherwise. */
function ValueInput(props: {
  readonly id?: string;
  readonly label?: string;
  readonly schema: JsonSchema;
  readonly required: boolean;
  readonly value: string;
  readonly describedBy: string | undefined;
  readonly onChange: (value: string) => void;
}) {
  const kind = fieldKind(props.schema);
  const common = {
    id: props.id,
    'aria-label': props.label,
    'aria-describedby': props.describedBy,
    'aria-required': props.required,
    value: props.value,
  };
  if (kind === 'enum') {
    return (
      <select {...common} onChange={(event) => props.onChange(event.target.value)}>
        <option value="">{props.required ? 'Choose…' : '(not set)'}</option>
        {(props.schema.enum ?? []).map((option) => (
          <option key={String(option)} value={String(option)}>
            {String(option)}
          </option>
        ))}
      </select>
    );
  }
  const numeric = kind === 'number' || kind === 'integer';
  return (
    <input
      {...common}
      type="text"
      inputMode={numeric ? (kind === 'integer' ? 'numeric' : 'decimal') : undefined}
      spellCheck={numeric ? false : undefined}
      onChange={(event) => props.onChange(event.target.value)}
    />
  );
}

function ListField(props: {
  readonly name: string;
  readonly schema: JsonSchema;
  readonly required: boolean;
  readonly value: Draft;
  readonly onChange: (value: Draft) => void;
  readonly label: ReactNode;
  readonly description: ReactNode;
  readonly describedBy: string | undefined;
}) {
  const items = Array.isArray(props.value) ? (props.value as readonly string[]) : [];
  const itemSchema = props.schema.items ?? {};
  const set = (index: number, next: string) =>
    props.onChange(items.map((item, at) => (at === index ? next : item)));
  return (
    <fieldset className="schema-group">
      <legend>{props.label}</legend>
      {props.description}
      {items.map((item, index) => (
        <div key={index} className="list-item">
          <ValueInput
            label={`${props.name} item ${index + 1}`}
            schema={itemSchema}
            required={false}
            value={item}
            describedBy={props.describedBy}
            onChange={(next) => set(index, next)}
          />
          <button
            type="button"
            className="icon-button"
            aria-label={`Remove ${props.name} item ${index + 1}`}
            onClick={() => props.onChange(items.filter((_, at) => at !== index))}
          >
            ×
          </button>
        </div>
      ))}
      <button type="button" className="small" onClick={() => props.onChange([...items, ''])}>
        Add {props.name} item
      </button>
    </fieldset>
  );
}
