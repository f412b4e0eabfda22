/** The body of a readable, script-free page of an OpenAPI document: every operation, its parameters, body and answers. */
function escape(text: unknown): string {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

interface Parameter {
  name: string;
  in: string;
  required: boolean;
}

interface Operation {
  summary: string;
  tags: string[];
  parameters: Array<Parameter | { $ref: string }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string }>;
}

export function renderDocsPage(document: Record<string, unknown>, documentPath: string): string {
  const paths = document.paths as Record<string, Record<string, Operation>>;
  const shared = ((document.components as { parameters?: Record<string, Parameter> }).parameters ?? {}) as Record<string, Parameter>;
  const parameter = (p: Parameter | { $ref: string }): Parameter => ('$ref' in p ? shared[p.$ref.split('/').pop()!]! : p);
  const sections = Object.entries(paths)
    .flatMap(([path, operations]) => Object.entries(operations).map(([method, op]) => ({ path, method, op })))
    .sort((a, b) => a.op.tags[0]!.localeCompare(b.op.tags[0]!) || a.path.localeCompare(b.path))
    .map(({ path, method, op }) => {
      const params = op.parameters
        .map(parameter)
        .map((p) => `<li><code>${escape(p.name)}</code> (${escape(p.in)}${p.required ? ', required' : ''})</li>`)
        .join('');
      const body = op.requestBody
        ? `<details><summary>Request body</summary><pre>${escape(JSON.stringify(op.requestBody.content['application/json']?.schema, null, 2))}</pre></details>`
        : '';
      const answers = Object.entries(op.responses)
        .map(([status, r]) => `<li><b>${escape(status)}</b> ${escape(r.description)}</li>`)
        .join('');
      return `<section><h3><span class="m">${escape(method.toUpperCase())}</span> <code>${escape(path)}</code></h3>
<p>${escape(op.summary)} <i>(${escape(op.tags.join(', '))})</i></p>${params ? `<ul>${params}</ul>` : ''}${body}<ul>${answers}</ul></section>`;
    })
    .join('\n');
  const info = document.info as { title: string; description: string };
  return `<h1>${escape(info.title)}</h1><p>${escape(info.description)} Machine-readable: <a href="${escape(documentPath)}">${escape(documentPath)}</a> (OpenAPI 3.1).</p>
${sections}`;
}
