import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fastJson from 'fast-json-stringify';

/**
 * Bodies are validated strictly (no type coercion, unknown properties refused); query strings and
 * path parameters are strings on the wire, so those are coerced.
 *
 * One pair of Ajv instances for the process: Ajv keeps what it compiled by schema object, and the
 * contract's schemas are module constants, so an app built again in the same process (the tests
 * build one per file, about 250 a run) compiles nothing twice — compiling every route's schemas
 * cost about 1.5 s of CPU per app.
 */
const common = { allErrors: true, useDefaults: true, removeAdditional: false, strict: false } as const;
const bodyAjv = addFormats(new Ajv({ ...common, coerceTypes: false }));
const otherAjv = addFormats(new Ajv({ ...common, coerceTypes: 'array' }));

/**
 * A route's validator, compiled when it is first called: a process starts without compiling every
 * route's schemas (about 1.5 s of CPU at each start), and a route never called costs nothing.
 */
export function validatorCompiler({ schema, httpPart }: { schema: object; httpPart?: string }) {
  const ajv = httpPart === 'body' ? bodyAjv : otherAjv;
  let compiled: ValidateFunction | undefined;
  const validate = (data: unknown) => {
    compiled ??= ajv.compile(schema);
    const valid = compiled(data);
    validate.errors = compiled.errors;
    return valid;
  };
  validate.errors = null as ValidateFunction['errors'];
  return validate;
}

/** Response serializers by schema object, for the same reason (route.ts keeps one schema per endpoint). */
const serializers = new WeakMap<object, (data: unknown) => string>();

/** A response serializer, built when it first writes (as validators are compiled). */
export function serializerCompiler({ schema }: { schema: object }) {
  return (data: unknown) => {
    let serialize = serializers.get(schema);
    if (!serialize) {
      serialize = fastJson(schema) as (data: unknown) => string;
      serializers.set(schema, serialize);
    }
    return serialize(data);
  };
}
