import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/** The server/ boundary (docs/decisions/010-server-boundary.md) is a lint error, not a convention. */
const eslint = new ESLint();

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports").map((m) => m.message);
}

describe("server boundary lint rule", () => {
  it("refuses a type import of @server/db/schema in a component", async () => {
    const errors = await boundaryErrors("app/components/shop/probe.tsx", 'import type { orders } from "@server/db/schema";\nexport type X = typeof orders;\n');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("'@server/db/schema' import is restricted");
  });

  it("refuses a relative import of server/ in app/lib", async () => {
    const errors = await boundaryErrors("app/lib/probe.ts", 'import { orders } from "../../server/db/schema";\nexport const x = orders;\n');
    expect(errors).toHaveLength(1);
  });

  it("lets client-only code borrow a server type but not a value", async () => {
    const typeOnly = await boundaryErrors("app/hooks/probe.client.ts", 'import type { db } from "@server/db/client";\nexport type X = typeof db;\n');
    const value = await boundaryErrors("app/hooks/probe.client.ts", 'import { db } from "@server/db/client";\nexport const x = db;\n');
    expect(typeOnly).toEqual([]);
    expect(value).toHaveLength(1);
  });

  it("allows route modules to import server code for their loaders and actions", async () => {
    const errors = await boundaryErrors("app/routes/shop/probe.tsx", 'import { db } from "@server/db/client";\nexport async function loader() { return db; }\n');
    expect(errors).toEqual([]);
  });
});
