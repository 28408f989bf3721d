import { afterEach } from "vitest";
import { endTestProcesses } from "./processes";

// Whatever a test did (passed, failed, or timed out with its own `finally` still waiting), the
// processes it started end with it: a later test never meets a server left running.
afterEach(() => endTestProcesses());
