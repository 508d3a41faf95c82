import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import type { ApiErrorObject } from "../model/transformation.js";
import { readSchemaFile } from "../version.js";
import { toInputErrors } from "./ajv-errors.js";

/** A request schema's name: `schemas/api/<name>.schema.json` (a kind's descriptor names its own: `emulator.routes.body.schemas`). */
export type ApiSchemaName = "create-transformation" | "update-transformation" | "emulator-config" | (string & {});

/** The request schemas (schemas/api/*.schema.json), each compiled once per validator set, when first named. */
export interface RequestValidators {
  check(name: ApiSchemaName, value: unknown, prefix?: string): ApiErrorObject[];
  /** Compiles the schema now (a route's, at registration), so a missing or broken file fails the start, not a request. */
  prepare(name: ApiSchemaName): void;
}

let shared: RequestValidators | undefined;

export function requestValidators(): RequestValidators {
  shared ??= compileValidators();
  return shared;
}

function compileValidators(): RequestValidators {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  const load = (file: string): object => JSON.parse(readSchemaFile(file)) as object;
  ajv.addSchema(load("defs.schema.json"));
  const compiled = new Map<ApiSchemaName, ValidateFunction>();
  const validator = (name: ApiSchemaName): ValidateFunction => {
    let validate = compiled.get(name);
    if (!validate) compiled.set(name, (validate = ajv.compile(load(`api/${name}.schema.json`))));
    return validate;
  };
  for (const name of ["create-transformation", "update-transformation", "emulator-config"]) validator(name);
  return {
    check(name, value, prefix = "") {
      const validate = validator(name);
      return validate(value) ? [] : toInputErrors(validate.errors ?? [], prefix);
    },
    prepare: (name) => void validator(name),
  };
}
