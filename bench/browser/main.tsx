import { chartNivo, chartUplot } from './chart-cases';
import { minmaxData, minmaxIndexOf, minmaxMount, pooledMount, scrollFrames, tableMount, tableRows } from './table-cases';
import { paletteArm, paletteCollect, paletteOpen, paletteSetup } from './palette-cases';
import { manageArm, manageCollect, manageMount, manageRequests, manageSetup } from './manage-cases';

/** The cases the Node side of `npm run bench` drives through Playwright (see bench/browser-harness.ts). */
Object.assign(window, { bench: { chartNivo, chartUplot, tableRows, tableMount, pooledMount, scrollFrames, minmaxData, minmaxMount, minmaxIndexOf, paletteSetup, paletteOpen, paletteArm, paletteCollect, manageSetup, manageMount, manageRequests, manageArm, manageCollect } });
