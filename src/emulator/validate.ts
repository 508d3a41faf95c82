import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import type { ApiErrorObject } from "../model/transformation.js";
import { readSchemaFile } from "../version.js";
import { toInputErrors } from "./ajv-errors.js";

export type ApiSchemaName = "create-transformation" | "update-transformation" | "emulator-config";

/** The request schemas (schemas/api/*.schema.json), compiled once per validator set. */
export interface RequestValidators {
  check(name: ApiSchemaName, value: unknown, prefix?: string): ApiErrorObject[];
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
  for (const name of ["create-transformation", "update-transformation", "emulator-config"] as const) {
    compiled.set(name, ajv.compile(load(`api/${name}.schema.json`)));
  }
  return {
    check(name, value, prefix = "") {
      const validate = compiled.get(name)!;
      return validate(value) ? [] : toInputErrors(validate.errors ?? [], prefix);
    },
  };
}
