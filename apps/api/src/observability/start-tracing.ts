/**
 * main.ts imports this first: ES modules evaluate in import order, so tracing is started (when
 * configured) before Fastify, pg and pg-boss load and the instrumentations can see them.
 */
import { startTracing } from './tracing.ts';

startTracing();
