import { TEST_REPORT_MARKERS } from '../packs/markers.js';

/**
 * A test report's own words beside DESIGN's markers: jest's and vitest's `Expected:`/`Received:`
 * pair, an assertion's error, a failed test's mark (`✗ rejects expired token`), TAP's `not ok`.
 * Inside a report, credential, certificate and validation words are what the tests are about.
 */
export const REPORT: readonly string[] = [...TEST_REPORT_MARKERS, 'expected:', 'received:', 'assertionerror', '✗', '✕', 'not ok'];
