import { NestedStack, Stack } from 'aws-cdk-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { type RouteDef, ROUTES } from '#shared/routes/index.js';
import { pascalCase } from '../../infra/constructs/names.js';
import { logicalId, type Synthesized, synthesize } from './synth.js';

/**
 * CloudFormation takes at most 500 resources, 200 parameters and 200 outputs per stack, and `synth`
 * fails only at the first. These limits keep room in every stack, the nested ones included, so a stack
 * nearing its quota fails here while there is still time to split it.
 */
const LIMITS = { resources: 400, parameters: 100, outputs: 100 };

let synthesized: Synthesized;
beforeAll(() => {
  synthesized = synthesize();
});

const routes = ROUTES as readonly RouteDef[];

describe("the platform's stacks", () => {
  it(`each hold under ${LIMITS.resources} resources and ${LIMITS.parameters} parameters and outputs`, () => {
    const counts = synthesized.stacks.map(({ stack, template }) => {
      const json = template.toJSON() as Record<'Resources' | 'Parameters' | 'Outputs', Record<string, unknown> | undefined>;
      return {
        stack: stack.node.path,
        resources: Object.keys(json.Resources ?? {}).length,
        parameters: Object.keys(json.Parameters ?? {}).length,
        outputs: Object.keys(json.Outputs ?? {}).length,
      };
    });
    // The room left, in the test's output.
    console.log(
      counts
        .map(
          (c) =>
            `${c.stack.padEnd(40)} ${String(c.resources).padStart(4)} resources ${String(c.parameters).padStart(3)} parameters ${String(c.outputs).padStart(3)} outputs`,
        )
        .join('\n'),
    );

    for (const count of counts) {
      expect(count.resources, count.stack).toBeLessThan(LIMITS.resources);
      expect(count.parameters, count.stack).toBeLessThan(LIMITS.parameters);
      expect(count.outputs, count.stack).toBeLessThan(LIMITS.outputs);
    }
  });

  it("keep each route's function in the nested stack of its feature", () => {
    for (const route of routes) {
      const fn = synthesized.stack.api.functions.find((f) => f.node.id === pascalCase(route.id));
      const home = fn && Stack.of(fn);
      expect(home && NestedStack.isNestedStack(home), route.id).toBe(true);
      expect(home?.node.id, route.id).toBe(`${pascalCase(route.feature)}Routes`);
    }
  });

  it("keep each route's integration, route and alarm beside its function, none in the platform stack", () => {
    const [platform, ...nested] = synthesized.stacks;
    const inPlatform = (type: string) => Object.values(platform!.template.findResources(type)) as { Properties: Record<string, any> }[];
    platform!.template.resourceCountIs('AWS::ApiGatewayV2::Route', 0);
    platform!.template.resourceCountIs('AWS::ApiGatewayV2::Integration', 0);
    expect(
      inPlatform('AWS::Lambda::Function').filter((f) => routes.some((r) => String(f.Properties.Description).startsWith(`${r.method} ${r.path}:`))),
    ).toEqual([]);
    // The API's authorizers stay beside it in the platform stack: theirs are the only invoke permissions and alarms of the API there.
    const ofAuthorizer = (text: string) => /\/Api\/(StaffTokens|EmployeeTokens)\/|ApiStaffTokens|ApiEmployeeTokens/.test(text);
    expect(
      inPlatform('AWS::Lambda::Permission').filter(
        (p) => p.Properties.Principal === 'apigateway.amazonaws.com' && !ofAuthorizer(JSON.stringify(p.Properties.FunctionName)),
      ),
    ).toEqual([]);
    expect(
      inPlatform('AWS::CloudWatch::Alarm').filter(
        (a) => String(a.Properties.AlarmDescription).includes('/Api/') && !ofAuthorizer(String(a.Properties.AlarmDescription)),
      ),
    ).toEqual([]);
    expect(nested.map(({ stack }) => stack.node.id).sort()).toEqual([...new Set(routes.map((r) => `${pascalCase(r.feature)}Routes`))].sort());
    for (const { stack, template } of nested) {
      const feature = routes.filter((r) => `${pascalCase(r.feature)}Routes` === stack.node.id);
      for (const type of [
        'AWS::Lambda::Function',
        'AWS::IAM::Role',
        'AWS::ApiGatewayV2::Integration',
        'AWS::ApiGatewayV2::Route',
        'AWS::Lambda::Permission',
        'AWS::CloudWatch::Alarm',
      ]) {
        template.resourceCountIs(type, feature.length);
      }
    }
  });

  it('let CloudFront send /api/* to the API only once every route stack is in place', () => {
    const [platform, ...nested] = synthesized.stacks;
    const [distribution] = Object.values(platform!.template.findResources('AWS::CloudFront::Distribution')) as { DependsOn?: string[] }[];
    expect(distribution?.DependsOn).toEqual(expect.arrayContaining(nested.map(({ stack }) => logicalId((stack as NestedStack).nestedStackResource!))));
  });
});
