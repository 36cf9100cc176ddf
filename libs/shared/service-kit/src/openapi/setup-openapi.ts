// OpenAPI document generated from the controllers and DTOs, served at /docs (Swagger UI)
// and /docs/openapi.json.
import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { ServiceDescriptor } from '../bootstrap/service-descriptor';

export const DOCS_PATH = 'docs';

export function setupOpenApi(app: INestApplication, descriptor: ServiceDescriptor): void {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle(descriptor.title)
      .setDescription(descriptor.description)
      .setVersion(descriptor.version)
      .addBearerAuth()
      .build(),
  );
  SwaggerModule.setup(DOCS_PATH, app, document, {
    jsonDocumentUrl: `${DOCS_PATH}/openapi.json`,
    yamlDocumentUrl: `${DOCS_PATH}/openapi.yaml`,
  });
}
