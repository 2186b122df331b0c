/** CONFIG_FOUR_EYES (README "Configuration"): 1 on, 0 or unset off, anything else refuses to boot. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { fourEyes, GatewayConfigError, readGatewayConfig } from "../../../../server/gateway/config.ts";

test("CONFIG_FOUR_EYES is 0 or 1", () => {
  assert.equal(fourEyes(undefined), false);
  assert.equal(fourEyes(""), false);
  assert.equal(fourEyes("0"), false);
  assert.equal(fourEyes("1"), true);
  for (const bad of ["yes", "true", "2", " 1"]) assert.throws(() => fourEyes(bad), GatewayConfigError, bad);
  assert.equal(readGatewayConfig({ CONFIG_FOUR_EYES: "1" }, "/srv").app.configFourEyes, true);
});
