/**
 * `pnpm bench` figures measured on the running stack: 6 (start-up readiness), then 1 to 3 (service hops) and 9
 * (the landing burst).
 * Each figure is one line, a ratio measured side by side in this run; see docs/performance.md.
 */
import { figureWanted } from "./figures.js";
import { hopFigures } from "./hops.js";
import { readinessFigure } from "./readiness.js";

if (figureWanted(6)) await readinessFigure();
if ([1, 2, 3, 9].some(figureWanted)) await hopFigures();
