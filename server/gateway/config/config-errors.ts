import type { GatewayErrorCodeName } from "../errors/gateway-error-codes.ts";

/** A refusal of the configuration plane: the HTTP status, the §8 code and what the operator needs to fix it. */
export class ConfigPlaneError extends Error {
  constructor(
    readonly status: number,
    readonly code: GatewayErrorCodeName,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ConfigPlaneError";
  }
}
