import { type FastifyRequest } from 'fastify';
import { AppError } from '../../infrastructure/http/app-error';

// What every devices route reads of its caller (the routes sit behind requireUser), and the
// description the routes that take an id share.

export const NOT_FOUND = 'A device, group or share that is neither the caller’s nor shared with the caller answers as not found.';

export const userId = (request: FastifyRequest) => {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user.userId;
};

export const caller = (request: FastifyRequest) => ({ userId: userId(request), ip: request.ip });
