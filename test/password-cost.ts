// The server project's tests hash passwords at argon2id's lowest sensible cost instead of OWASP's
// (m=19 MiB, t=2: 38 ms a hash on the 2-core machine, over a thousand hashes a run). A hash keeps
// its own cost, so verifying it costs the same little. server/auth/password.test.ts checks that
// the server itself, which never loads this file, hashes at the full cost.
import { setPasswordCostForTests } from "../server/auth/password.js";

setPasswordCostForTests({ memoryCost: 1024, timeCost: 1 });
