import path from 'node:path';
import { type GrpcObject, loadPackageDefinition } from '@grpc/grpc-js';
import { loadSync, type Options } from '@grpc/proto-loader';

/**
 * The repository's `proto/` directory. Resolved from this module so it is the same from `src/`
 * (tests) and `dist/` (built code); a container image must ship `proto/` next to `services/`.
 */
export const PROTO_ROOT = path.resolve(__dirname, '../../../proto');

/**
 * The one set of loader options every Modelgate service uses. They fix how messages look in
 * JavaScript, and `scripts/generate-types.mjs` passes the same flags so the generated types match:
 *
 * - `keepCase`: field names stay snake_case, as in the `/api` JSON contract;
 * - `longs: String`: int64 values (quota, ids, Unix times) arrive as decimal strings, never
 *   rounded to a float;
 * - `enums: String`: enum values arrive by name;
 * - `defaults`: absent fields arrive with their proto3 default ('' / 0 / false / [] / null);
 * - `oneofs`: a oneof's virtual field names the member that is set.
 */
export const LOADER_OPTIONS: Readonly<Options> = Object.freeze({
  keepCase: true,
  longs: String,
  enums: String,
  defaults: true,
  oneofs: true,
});

/**
 * Loads one proto file, given relative to {@link PROTO_ROOT} (e.g.
 * `modelgate/identity/v1/identity_service.proto`), with {@link LOADER_OPTIONS}.
 */
export function loadProto(relativePath: string): GrpcObject {
  return loadPackageDefinition(loadSync(relativePath, { ...LOADER_OPTIONS, includeDirs: [PROTO_ROOT] }));
}
