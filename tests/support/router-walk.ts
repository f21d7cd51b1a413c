/**
 * Every procedure of a tRPC router, found by walking it (so a procedure added tomorrow is covered
 * without editing a test): its dotted path, its type, who may call it (the `access` meta the procedure
 * kinds in src-server/trpc.ts set) and its input schema as JSON Schema (zod's own conversion, input side).
 */
import { z } from 'zod';
import type { ProcedureAccess } from '@server/trpc';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
};

export type ProcedureInfo = {
  path: string;
  type: string;
  access: ProcedureAccess | undefined;
  /** null when the procedure takes no input. */
  input: JsonSchema | null;
};

type WalkableRouter = { _def: { procedures: Record<string, unknown>; lazy?: Record<string, { load(): Promise<void> }> } };
type ProcedureDef = { _def: { type: string; meta?: { access?: ProcedureAccess }; inputs: z.ZodType[] } };

function inputSchemaOf(inputs: z.ZodType[]): JsonSchema | null {
  if (inputs.length === 0) return null;
  const schema = inputs.reduce((all, next) => z.intersection(all, next));
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

export async function listProcedures(target: WalkableRouter): Promise<ProcedureInfo[]> {
  const lazy = () => Object.values(target._def.lazy ?? {});
  for (let rounds = 0; lazy().length > 0; rounds++) {
    if (rounds > 20) throw new Error('lazy routers keep appearing');
    await Promise.all(lazy().map((loader) => loader.load()));
  }
  return Object.entries(target._def.procedures)
    .map(([path, procedure]) => {
      const { type, meta, inputs } = (procedure as ProcedureDef)._def;
      return { path, type, access: meta?.access, input: inputSchemaOf(inputs) };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}
