/**
 * `tdx-forge/client`: the typed HTTP client of a running service (see
 * service-client.ts), with the generated path and schema types.
 */
export {
  createServiceClient,
  detailText,
  ServiceError,
  unwrap,
  type components,
  type paths,
  type Schemas,
  type ServiceClient,
  type ServiceClientOptions,
  type ValidationItem,
} from "./service-client.ts";
