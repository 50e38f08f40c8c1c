import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// /order/*
export const orderRoutes: FastifyPluginAsyncZod = async () => {};
