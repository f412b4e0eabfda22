// The two OpenAPI tools that ship only as ES modules, behind one small CLI so that the
// CommonJS build and Jest can call them in a child process:
//   node openapi-esm.mjs validate FILE   → prints {"valid":true} or the validator's errors
//   node openapi-esm.mjs types FILE      → prints the TypeScript types of the document
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import openapiTS, { astToString } from 'openapi-typescript';

const [command, file] = process.argv.slice(2);
const document = JSON.parse(readFileSync(file, 'utf8'));

if (command === 'validate') {
  const result = await new Validator().validate(document);
  process.stdout.write(JSON.stringify({ valid: result.valid, errors: result.errors ?? [] }));
} else if (command === 'types') {
  const ast = await openapiTS(document, { alphabetize: true, exportType: true });
  process.stdout.write(
    `// Generated from openapi.json by \`npm run openapi\`; apps/gateway/src/openapi/openapi-files.spec.ts keeps it in step. Do not edit.\n${astToString(ast)}`,
  );
} else {
  process.stderr.write('usage: openapi-esm.mjs validate|types FILE\n');
  process.exit(2);
}
