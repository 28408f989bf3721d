import { loadConfig, type ServerConfig } from "../../server/config";

/** A server configuration for tests: defaults from loadConfig, quiet, with the given overrides. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return { ...loadConfig({ LOG_LEVEL: "silent" }), ...overrides };
}
