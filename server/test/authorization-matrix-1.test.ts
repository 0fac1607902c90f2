import { authorizationMatrix } from "./authorization-matrix.js";

// the odd/even half of every route × {anonymous, owner, another user, admin} (authorization-matrix.ts)
authorizationMatrix(0);
