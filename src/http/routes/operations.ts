// The unauthenticated routes: liveness, readiness, the OpenAPI document and the reference page.
// The app serves them (their bodies are built once); these are their declarations.
import { Type } from '@sinclair/typebox';
import type { TSchema } from '@sinclair/typebox';
import { HealthSchema, ProblemSchema } from '../../serving/schemas.ts';

/** What `/` answers: where to go next, for a person or a program that found the service. */
export const IndexSchema = Type.Object({
  service: Type.String(),
  docs: Type.String({ description: 'The API reference with a try-it console.' }),
  openapi: Type.String({ description: 'The OpenAPI document.' }),
  health: Type.String({ description: 'Liveness.' }),
});

export interface OperationResponseDoc {
  description: string;
  contentType: string;
  schema: TSchema;
}

export interface OperationDoc {
  operationId: 'index' | 'healthz' | 'readyz' | 'openapi' | 'docs';
  path: string;
  summary: string;
  description: string;
  responses: Readonly<Record<number, OperationResponseDoc>>;
}

const healthy: OperationResponseDoc = {
  description: 'The service is up.',
  contentType: 'application/json',
  schema: HealthSchema,
};

export const OPERATIONS: readonly OperationDoc[] = [
  {
    operationId: 'index',
    path: '/',
    summary: 'Where to start',
    description: 'Links to the API reference (`/docs`), this OpenAPI document and liveness.',
    responses: {
      200: { description: 'The links.', contentType: 'application/json', schema: IndexSchema },
    },
  },
  {
    operationId: 'healthz',
    path: '/healthz',
    summary: 'Liveness',
    description: 'Answers 200 while the process serves requests; touches nothing else.',
    responses: { 200: healthy },
  },
  {
    operationId: 'readyz',
    path: '/readyz',
    summary: 'Readiness',
    description: 'Answers 200 when the store answers a trivial query within 2 seconds, else 503.',
    responses: {
      200: { ...healthy, description: 'The store answers.' },
      503: {
        description: 'The store does not answer (`not_ready`).',
        contentType: 'application/problem+json',
        schema: ProblemSchema,
      },
    },
  },
  {
    operationId: 'openapi',
    path: '/openapi.json',
    summary: 'This OpenAPI document',
    description:
      'OpenAPI 3.0 description of every endpoint, built from the schemas the service validates with.',
    responses: {
      200: {
        description: 'The document.',
        contentType: 'application/json',
        schema: Type.Object({}),
      },
    },
  },
  {
    operationId: 'docs',
    path: '/docs',
    summary: 'API reference',
    description:
      'This document rendered by Swagger UI (served by this service, no CDN), with a console to ' +
      'try each operation, and the problem types every error links to.',
    responses: {
      200: { description: 'The page.', contentType: 'text/html', schema: Type.String() },
    },
  },
];
