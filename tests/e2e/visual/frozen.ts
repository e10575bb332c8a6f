/** The instant the visual server's clock and every page's clock stand at (a Monday morning in London, summer time). */
export const FROZEN_NOW = Date.parse('2026-06-15T09:30:00Z');
