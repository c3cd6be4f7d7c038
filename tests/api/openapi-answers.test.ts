// The answer check every API test runs (tests/helpers/openapi-answers.ts) really catches drift:
// on a small app with the OpenAPI plugin, an answer whose body breaks its documented schema,
// an undocumented status, an undocumented media type and a body where none is documented are
// each reported, naming the method, path and status; a documented answer is not.
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import openApi from '../../server/openapi/plugin';
import { checkAnswersAgainstDocument, takeAnswerViolations } from '../helpers/openapi-answers';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({ logger: false });
  await app.register(compress, { global: true, threshold: 0, encodings: ['br'] });
  await app.register(openApi);
  const item = z.object({ data: z.object({ id: z.number().int() }) });
  const doc = { summary: 'A thing', public: true, response: { description: 'The thing', schema: item }, answers: { 302: 'Elsewhere' } } as const;
  app.get<{ Querystring: { answer?: string } }>('/api/thing', { config: { openapi: doc } }, async (request, reply) => {
    switch (request.query.answer) {
      case 'wrong-shape':
        return { data: { id: 'one' } };
      case 'teapot':
        return reply.code(418).send({ message: 'Saya teko' });
      case 'text':
        return reply.type('text/plain').send('id=1');
      case 'redirect-with-body':
        return reply.code(302).header('location', '/api/thing').send('{}');
      default:
        return { data: { id: 1 } };
    }
  });
  checkAnswersAgainstDocument(app);
  await app.ready();
});
afterAll(() => app.close());

describe('the answer check of the API tests', () => {
  it('should pass an answer that matches its documented schema, compressed or not', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/thing' })).statusCode).toBe(200);
    const packed = await app.inject({ method: 'GET', url: '/api/thing', headers: { 'accept-encoding': 'br' } });
    expect(packed.headers['content-encoding']).toBe('br');
    expect((await app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(200);
    expect(takeAnswerViolations()).toEqual([]);
  });

  it.each([
    ['wrong-shape', 200, "the body does not match the documented schema: body/data/id must be integer"],
    ['teapot', 418, 'status 418 is not documented (documented: 200, 302, 431, 503)'],
    ['text', 200, "content type 'text/plain' is not documented (documented: application/json)"],
    ['redirect-with-body', 302, '302 is documented without a body, but 2 bytes came'],
  ])('should report the answer %s, naming method, path and status', async (answer, status, problem) => {
    const response = await app.inject({ method: 'GET', url: `/api/thing?answer=${answer}` });
    expect(response.statusCode).toBe(status);
    const [violation, ...more] = takeAnswerViolations();
    expect(more).toEqual([]);
    expect(violation).toContain(`GET /api/thing?answer=${answer} (GET /api/thing) answered ${status}: ${problem}`);
  });
});
