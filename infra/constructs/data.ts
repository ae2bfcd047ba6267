import { Aws, CfnCondition, Fn, type IResolvable, RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, type CfnTable, ProjectionType, StreamViewType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import type { TableKey } from '#shared/stores.js';
import { TABLES, type TableDef } from '#shared/stores.js';
import { pascalCase } from './names.js';

/** The DynamoDB tables, one per entry of TABLES (infra/definitions.ts), exposed by key. */
export class Data extends Construct {
  readonly tables: Record<TableKey, Table>;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const entries = (Object.entries(TABLES) as [TableKey, TableDef][]).map(([key, def]) => [key, this.table(key, def)] as const);
    this.tables = Object.fromEntries(entries) as Record<TableKey, Table>;
  }

  /**
   * Gives the table warm throughput of `writeUnits` a second (a deployment parameter's value): it serves
   * that many at once instead of a new on-demand table's `asNew`, which leaves the table as it is.
   */
  warmWrites(key: TableKey, writeUnits: number, asNew: number): void {
    const cold = new CfnCondition(this, `${pascalCase(key)}NotWarmed`, { expression: Fn.conditionEquals(writeUnits, asNew) });
    (this.tables[key].node.defaultChild as CfnTable).warmThroughput = Fn.conditionIf(cold.logicalId, Aws.NO_VALUE, {
      WriteUnitsPerSecond: writeUnits,
    }) as unknown as IResolvable;
  }

  private table(key: TableKey, def: TableDef): Table {
    const table = new Table(this, pascalCase(key), {
      partitionKey: { name: def.partitionKey, type: AttributeType.STRING },
      sortKey: { name: def.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      encryption: TableEncryption.AWS_MANAGED,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
      timeToLiveAttribute: def.ttlAttribute,
      stream: def.stream ? StreamViewType.NEW_IMAGE : undefined,
    });
    for (const index of def.indexes) {
      table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }
    return table;
  }
}
