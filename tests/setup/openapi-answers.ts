// Setup of the API projects: a test fails when an answer it (or a hook before it) received
// does not match the OpenAPI document (tests/helpers/openapi-answers.ts collects them).
import { afterAll, afterEach } from 'vitest';
import { takeAnswerViolations } from '../helpers/openapi-answers';

function failOnViolations(): void {
  const found = takeAnswerViolations();
  if (found.length === 0) return;
  throw new Error(`Answers that do not match the OpenAPI document (GET /api/openapi.json):\n- ${found.join('\n- ')}`);
}

afterEach(failOnViolations);
afterAll(failOnViolations);
