// Response of `POST /api/access/explain`: the principal as the pipeline saw it, the request it
// was asked, the decision (and what the caller would be told) and each layer's verdict.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class ExplainedKeyView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() keyPrefix!: string;
  @ApiProperty({ enum: ['app_key', 'client'] }) kind!: string;
  @ApiProperty({
    type: [String],
    nullable: true,
    description: 'Null: the stored list is unusable (nothing passes).',
  })
  scopes!: string[] | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) expiresAt!: string | null;
}

export class ExplainedPrincipalView {
  @ApiProperty() username!: string;
  @ApiProperty({ example: 'sso' }) identitySource!: string;
  @ApiProperty({ enum: ['app-key', 'oauth', 'sso-header'] }) authenticatedBy!: string;
  @ApiProperty({ type: [String] }) roles!: string[];
  @ApiProperty({ type: [String] }) groups!: string[];
  @ApiProperty({ type: [String] }) sids!: string[];
  @ApiPropertyOptional({ type: ExplainedKeyView }) appKey?: ExplainedKeyView;
}

export class ExplainedRequestView {
  @ApiProperty({ example: 'tools/call', description: 'The MCP method the target is checked for.' })
  method!: string;
  @ApiProperty({ example: 'files__read_file', description: 'The target as scopes and policies name it.' })
  target!: string;
  @ApiProperty({ example: 'files' }) serverId!: string;
}

export class ExplainedPolicyView {
  @ApiProperty() targetId!: string;
  @ApiProperty() requiredGroup!: string;
  @ApiProperty({ enum: [0, 1] }) isAllowed!: number;
  @ApiProperty({ type: String, nullable: true }) identitySource!: string | null;
}

export class ExplainedLayerView {
  @ApiProperty({ enum: ['authentication', 'request', 'scope', 'groups', 'admin-bypass', 'rbac'] })
  layer!: string;
  @ApiProperty({
    enum: ['pass', 'allow', 'deny', 'skip', 'not-reached', 'error'],
    description:
      '`pass`: on to the next layer; `allow`/`deny`: this layer decided; `skip`: not for this caller; `not-reached`: an earlier layer decided; `error`: it failed, which denies.',
  })
  verdict!: string;
  @ApiProperty() reason!: string;
  @ApiPropertyOptional() matchedScope?: string;
  @ApiPropertyOptional({ type: [String] }) effectiveGroups?: string[];
  @ApiPropertyOptional({ type: [String], description: 'The effective groups an allow policy may name.' })
  allowGroups?: string[];
  @ApiPropertyOptional({ type: [String], description: 'The RBAC keys of the request, most specific first.' })
  targetKeys?: string[];
  @ApiPropertyOptional({ type: ExplainedPolicyView, description: 'The policy that decided.' })
  policy?: ExplainedPolicyView;
}

export class CallerExplanationAllowPolicyView {
  @ApiProperty({ type: [String] }) requiredGroups!: string[];
  @ApiProperty({ type: [String] }) targetIds!: string[];
}

export class CallerExplanationView {
  @ApiProperty({ enum: ['authentication', 'request', 'scope', 'rbac'] }) layer!: string;
  @ApiProperty() reason!: string;
  @ApiProperty() hint!: string;
  @ApiPropertyOptional({ type: [String] }) scopes?: string[];
  @ApiPropertyOptional({ type: CallerExplanationAllowPolicyView })
  allowPolicy?: CallerExplanationAllowPolicyView;
}

export class AccessExplanationView {
  @ApiProperty({ type: ExplainedPrincipalView }) principal!: ExplainedPrincipalView;
  @ApiProperty({ type: ExplainedRequestView }) request!: ExplainedRequestView;
  @ApiProperty() allowed!: boolean;
  @ApiPropertyOptional({
    description:
      'Denied: the message the caller gets (for a tool, prompt or resource the one permission message, whatever the layer).',
  })
  message?: string;
  @ApiPropertyOptional({
    type: CallerExplanationView,
    description: 'Denied: the explanation the caller gets with it (it never names a policy row).',
  })
  callerExplanation?: CallerExplanationView;
  @ApiProperty({ type: [ExplainedLayerView], description: "The pipeline's layers in order." })
  layers!: ExplainedLayerView[];
}
