import { Fragment, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Json } from "./operation";

/**
 * The OpenAPI document (openapi.server.ts) as a readable page, served at /api/docs: rendered on the server
 * from the document itself. Self-contained: inline CSS (the CSP allows inline styles), no script, no
 * external asset.
 */

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  additionalProperties?: Schema | boolean;
  description?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  contentMediaType?: string;
};
type Header = { $ref?: string; description?: string; required?: boolean; schema?: Schema };
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema: Schema };
type ParameterOrRef = Parameter | { $ref: string };
type Answer = {
  description: string;
  headers?: Record<string, Header>;
  content?: Record<string, { schema?: Schema }>;
};
type Operation = {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security?: Record<string, unknown>[];
  parameters?: ParameterOrRef[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
  responses: Record<string, Answer>;
};
type Document = {
  info: { title: string; version: string; description: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Schema>;
    headers: Record<string, Header>;
    parameters: Record<string, Parameter>;
  };
};

/** The page, as the HTML document to answer. */
export function referencePage(doc: Json): string {
  return "<!doctype html>" + renderToStaticMarkup(<Reference doc={doc as unknown as Document} />);
}

// ---- Text ----

/** `code` spans in the document's descriptions. */
function Inline({ text }: { text: string }) {
  return <>{text.split("`").map((part, index) => (index % 2 ? <code key={index}>{part}</code> : part))}</>;
}

/** A description: paragraphs, and "- " lines as a list. */
function Prose({ text }: { text?: string }) {
  if (!text) return null;
  return (
    <>
      {text.split(/\n\n+/).map((block, index) => {
        const lines = block.split("\n");
        if (lines.every((line) => line.startsWith("- "))) {
          return (
            <ul key={index}>
              {lines.map((line, item) => (
                <li key={item}>
                  <Inline text={line.slice(2)} />
                </li>
              ))}
            </ul>
          );
        }
        return (
          <p key={index}>
            <Inline text={block} />
          </p>
        );
      })}
    </>
  );
}

// ---- Schemas ----

const refName = (ref: string) => ref.split("/").pop() ?? ref;

function joined(nodes: ReactNode[], separator: string) {
  return nodes.map((node, index) => (
    <Fragment key={index}>
      {index > 0 && separator}
      {node}
    </Fragment>
  ));
}

/** A schema's type in a few words: `string (uuid) | null`, `array of Lead`. */
function Type({ schema }: { schema: Schema }): ReactNode {
  if (schema.$ref) return <a href={`#schema-${refName(schema.$ref)}`}>{refName(schema.$ref)}</a>;
  if (schema.anyOf)
    return joined(
      schema.anyOf.map((option, index) => <Type key={index} schema={option} />),
      " | ",
    );
  if (schema.enum)
    return joined(
      schema.enum.map((value) => <code key={String(value)}>{JSON.stringify(value)}</code>),
      " | ",
    );
  if (schema.const !== undefined) return <code>{JSON.stringify(schema.const)}</code>;
  const types = [schema.type ?? "any"].flat();
  return joined(
    types.map((type) => {
      if (type === "array" && schema.items) {
        return (
          <>
            array of <Type schema={schema.items} />
          </>
        );
      }
      if (type === "object" && typeof schema.additionalProperties === "object") {
        return (
          <>
            object of field → <Type schema={schema.additionalProperties} />
          </>
        );
      }
      return schema.format && type === "string" ? `string (${schema.format})` : type;
    }),
    " | ",
  );
}

/** Bounds, default and description of a schema (and of the non-null side of a nullable one). */
function notesOf(schema: Schema): string[] {
  const inner = schema.anyOf?.find((option) => option.type !== "null") ?? schema;
  const notes: string[] = [];
  const range = (what: string, min?: number, max?: number) => {
    if (min !== undefined && max !== undefined) notes.push(`${what} from ${min} to ${max}`);
    else if (min !== undefined) notes.push(`${what} at least ${min}`);
    else if (max !== undefined) notes.push(`${what} at most ${max}`);
  };
  // zod bounds every integer by MAX_SAFE_INTEGER: not worth saying.
  range("Value", inner.minimum, inner.maximum === Number.MAX_SAFE_INTEGER ? undefined : inner.maximum);
  if (inner.exclusiveMinimum !== undefined) notes.push(`Value more than ${inner.exclusiveMinimum}`);
  range("Length", inner.minLength, inner.maxLength);
  range("Items", inner.minItems, inner.maxItems);
  if (schema.default !== undefined) notes.push(`Default ${JSON.stringify(schema.default)}`);
  const description = schema.description ?? inner.description;
  return [...(description ? [description] : []), ...notes];
}

/** The object a property holds inline (itself, as array items, or beside null), to list its own fields. */
function inlineObject(schema: Schema): Schema | undefined {
  if (schema.properties) return schema;
  if (schema.items) return inlineObject(schema.items);
  return schema.anyOf?.map(inlineObject).find(Boolean);
}

/** An object's fields as a table; inline objects nest. */
function Fields({ schema }: { schema: Schema }) {
  const required = new Set(schema.required ?? []);
  return (
    <div className="scroll">
      <table>
        <thead>
          <tr>
            <th>Field</th>
            <th>Type</th>
            <th>Notes</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(schema.properties ?? {}).map(([name, property]) => {
            const nested = inlineObject(property);
            return (
              <tr key={name}>
                <td>
                  <code>{name}</code>
                  {required.has(name) && <span className="req"> required</span>}
                </td>
                <td className="type">
                  <Type schema={property} />
                </td>
                <td>
                  {notesOf(property).map((note, index) => (
                    <div key={index}>
                      <Inline text={note} />
                    </div>
                  ))}
                  {nested && <Fields schema={nested} />}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** A body or answer schema: an object's fields, or its type. */
function SchemaView({ schema }: { schema: Schema }) {
  if (schema.properties) return <Fields schema={schema} />;
  return (
    <p>
      <Type schema={schema} />
    </p>
  );
}

// ---- Operations ----

function access(op: Operation) {
  if (!op.security) return "Signed in: session cookie or bearer token";
  if (op.security.length === 0) return "Public";
  if (op.security.some((requirement) => Object.keys(requirement).length === 0)) return "Session optional";
  const scope = op.security.find((requirement) => "bearerAuth" in requirement)?.bearerAuth as
    string[] | undefined;
  return scope
    ? `Signed in: session cookie, or a bearer token of scope ${scope.join(", ")}`
    : "Signed in: session cookie only";
}

function Parameters({ parameters }: { parameters: Parameter[] }) {
  return (
    <div className="scroll">
      <table>
        <thead>
          <tr>
            <th>Name</th>
            <th>Type</th>
            <th>Notes</th>
          </tr>
        </thead>
        <tbody>
          {parameters.map((parameter) => (
            <tr key={`${parameter.in} ${parameter.name}`}>
              <td>
                <code>{parameter.name}</code> <span className="in">{parameter.in}</span>
                {parameter.required && <span className="req"> required</span>}
              </td>
              <td className="type">
                <Type schema={parameter.schema} />
              </td>
              <td>
                {[
                  ...(parameter.description ? [parameter.description] : []),
                  ...notesOf(parameter.schema),
                ].map((note, index) => (
                  <div key={index}>
                    <Inline text={note} />
                  </div>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Answers({ answers, doc }: { answers: Record<string, Answer>; doc: Document }) {
  return (
    <dl className="answers">
      {Object.entries(answers).map(([status, answer]) => (
        <Fragment key={status}>
          <dt className={`status s${status[0]}`}>{status}</dt>
          <dd>
            <Inline text={answer.description} />
            {Object.entries(answer.content ?? {}).map(([type, { schema }]) => (
              <div key={type}>
                <code>{type}</code>
                {schema && (
                  <>
                    : <Type schema={schema} />
                  </>
                )}
              </div>
            ))}
            {Object.entries(answer.headers ?? {}).map(([name, header]) => {
              const resolved = header.$ref ? doc.components.headers[refName(header.$ref)] : header;
              return (
                <div key={name}>
                  Header <code>{name}</code>
                  {resolved.description && (
                    <>
                      : <Inline text={resolved.description} />
                    </>
                  )}
                </div>
              );
            })}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}

function OperationView({
  method,
  path,
  op,
  doc,
}: {
  method: string;
  path: string;
  op: Operation;
  doc: Document;
}) {
  const body = op.requestBody && Object.entries(op.requestBody.content);
  return (
    <section className="op" id={op.operationId}>
      <h3>
        <span className={`method ${method}`}>{method.toUpperCase()}</span> <code>{path}</code>
      </h3>
      <p className="summary">
        {op.summary} <span className="access">· {access(op)}</span>
      </p>
      <Prose text={op.description} />
      {op.parameters && (
        <>
          <h4>Parameters</h4>
          <Parameters
            parameters={op.parameters.map((parameter) =>
              "$ref" in parameter ? doc.components.parameters[refName(parameter.$ref)] : parameter,
            )}
          />
        </>
      )}
      {body && (
        <>
          <h4>Request body</h4>
          {body.map(([type, { schema }]) => (
            <div key={type}>
              <p>
                <code>{type}</code>
              </p>
              {schema && type === "application/json" && <SchemaView schema={schema} />}
            </div>
          ))}
        </>
      )}
      <h4>Answers</h4>
      <Answers answers={op.responses} doc={doc} />
    </section>
  );
}

// ---- Page ----

function operationsByTag(doc: Document) {
  const byTag = new Map(
    doc.tags.map((tag) => [tag.name, [] as { method: string; path: string; op: Operation }[]]),
  );
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) byTag.get(op.tags[0])?.push({ method, path, op });
  }
  return byTag;
}

function Reference({ doc }: { doc: Document }) {
  const byTag = operationsByTag(doc);
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <title>{`${doc.info.title} reference`}</title>
        <style dangerouslySetInnerHTML={{ __html: CSS }} />
      </head>
      <body>
        <main>
          <h1>{doc.info.title}</h1>
          <p className="meta">
            Version {doc.info.version} · <a href="/api/openapi.json">OpenAPI 3.1 document (JSON)</a>
          </p>
          <Prose text={doc.info.description} />
          <nav aria-label="Contents">
            <h2>Contents</h2>
            {doc.tags.map((tag) => (
              <Fragment key={tag.name}>
                <h3>
                  <a href={`#tag-${tag.name.replace(/\W+/g, "-")}`}>{tag.name}</a>
                </h3>
                <ul>
                  {byTag.get(tag.name)?.map(({ method, path, op }) => (
                    <li key={op.operationId}>
                      <a href={`#${op.operationId}`}>
                        <span className={`method ${method}`}>{method.toUpperCase()}</span> <code>{path}</code>
                      </a>{" "}
                      {op.summary}
                    </li>
                  ))}
                </ul>
              </Fragment>
            ))}
            <h3>
              <a href="#schemas">Objects</a>
            </h3>
          </nav>
          {doc.tags.map((tag) => (
            <section key={tag.name} id={`tag-${tag.name.replace(/\W+/g, "-")}`}>
              <h2>{tag.name}</h2>
              <Prose text={tag.description} />
              {byTag.get(tag.name)?.map(({ method, path, op }) => (
                <OperationView key={op.operationId} method={method} path={path} op={op} doc={doc} />
              ))}
            </section>
          ))}
          <section id="schemas">
            <h2>Objects</h2>
            {Object.entries(doc.components.schemas).map(([name, schema]) => (
              <section key={name} id={`schema-${name}`} className="op">
                <h3>{name}</h3>
                <SchemaView schema={schema} />
              </section>
            ))}
          </section>
        </main>
      </body>
    </html>
  );
}

const CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1c2430;background:#f7f8fa}
main{max-width:64rem;margin:0 auto;padding:1rem}
h1{font-size:1.75rem;margin:.5rem 0}
h2{font-size:1.35rem;margin:2rem 0 .5rem;padding-top:.5rem;border-top:2px solid #d5d9e0}
h3{font-size:1.05rem;margin:.75rem 0 .25rem;overflow-wrap:anywhere}
h4{font-size:.95rem;margin:1rem 0 .25rem}
a{color:#1d4ed8}
code{font:.9em ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:#eef0f4;padding:0 .2em;border-radius:3px;overflow-wrap:break-word}
nav ul{list-style:none;padding:0;margin:0 0 .5rem}
nav li{margin:.25rem 0}
.meta,.access{color:#4b5563}
.op{background:#fff;border:1px solid #d5d9e0;border-radius:8px;padding:.75rem 1rem;margin:1rem 0}
.summary{margin:.25rem 0;font-weight:600}
.method{display:inline-block;min-width:4.2em;text-align:center;font:700 .75rem/1.6 ui-monospace,monospace;color:#fff;border-radius:4px;padding:0 .3em;vertical-align:middle}
.get{background:#15803d}.post{background:#1d4ed8}.put{background:#7e22ce}.patch{background:#b45309}.delete{background:#b91c1c}
.scroll{overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:.9rem}
th,td{text-align:left;vertical-align:top;padding:.35rem .5rem;border-bottom:1px solid #e5e7eb}
th{background:#f1f3f6}
td table{margin-top:.35rem}
.req{color:#b91c1c;font-size:.8em}
.in{color:#4b5563;font-size:.8em}
.answers{display:grid;grid-template-columns:auto 1fr;gap:.35rem .75rem;margin:0}
.answers dd{margin:0}
.status{font:700 .9rem ui-monospace,monospace}
.s2{color:#15803d}.s3{color:#1d4ed8}.s4{color:#b45309}.s5{color:#b91c1c}
/* Narrow screens: each table row becomes a block (name, type, notes) instead of squeezed columns. */
@media (max-width:40rem){
main{padding:.5rem}.op{padding:.5rem .6rem}
thead{display:none}
table,tbody,tr,td{display:block;width:100%}
tr{border-bottom:1px solid #e5e7eb;padding:.35rem 0}
td{border:0;padding:.1rem 0}
td.type::before{content:"Type: ";color:#4b5563}
td table{margin-left:.6rem;width:calc(100% - .6rem);border-left:2px solid #e5e7eb;padding-left:.4rem}
}
`;
