/**
 * Every semantic rule of the validator, in the order they run.
 *
 * @module
 */
import type { Rule } from "../rule.ts";
import { refResolves } from "./ref_resolves.ts";
import { refKind } from "./ref_kind.ts";
import { refRemote } from "./ref_remote.ts";
import { operationIdUnique } from "./operation_id_unique.ts";
import { pathParams } from "./path_params.ts";
import { pathParamRequired } from "./path_param_required.ts";
import { parameterUnique } from "./parameter_unique.ts";
import { pathAmbiguous } from "./path_ambiguous.ts";
import { responseStatusCode } from "./response_status_code.ts";
import { operationResponses } from "./operation_responses.ts";
import { securityDefined } from "./security_defined.ts";
import { bodyParameters } from "./body_parameters.ts";
import { fileTypeFormData } from "./file_type_form_data.ts";
import { serverVariables } from "./server_variables.ts";
import { mediaTypes } from "./media_types.ts";
import { discriminatorProperty } from "./discriminator_property.ts";
import { jsonSchemaDialect } from "./json_schema_dialect.ts";
import { additionalOperations } from "./additional_operations.ts";
import { tagParent } from "./tag_parent.ts";
import { headerName } from "./header_name.ts";
import { xmlNodeType } from "./xml_node_type.ts";
import { operationDescription } from "./operation_description.ts";
import { componentUnused } from "./component_unused.ts";
import { exampleType } from "./example_type.ts";
import { tagDeclared } from "./tag_declared.ts";
import { operationIdMissing } from "./operation_id_missing.ts";
import { operationSuccessResponse } from "./operation_success_response.ts";
import { arrayItems } from "./array_items.ts";
import { patternRegex } from "./pattern_regex.ts";
import { pathTemplate } from "./path_template.ts";
import { querystringParameter } from "./querystring_parameter.ts";
import { exampleValueExclusive } from "./example_value_exclusive.ts";
import { discriminatorDefaultMapping } from "./discriminator_default_mapping.ts";
import { refSiblings } from "./ref_siblings.ts";
import { schemaOasFields } from "./schema_oas_fields.ts";

/** The semantic rules. */
export const SEMANTIC_RULES: readonly Rule[] = [
  refResolves,
  refKind,
  refRemote,
  refSiblings,
  operationIdUnique,
  pathParams,
  pathParamRequired,
  parameterUnique,
  pathAmbiguous,
  pathTemplate,
  querystringParameter,
  responseStatusCode,
  operationResponses,
  securityDefined,
  bodyParameters,
  fileTypeFormData,
  serverVariables,
  mediaTypes,
  discriminatorProperty,
  discriminatorDefaultMapping,
  jsonSchemaDialect,
  additionalOperations,
  tagParent,
  headerName,
  xmlNodeType,
  schemaOasFields,
  operationDescription,
  componentUnused,
  exampleType,
  exampleValueExclusive,
  tagDeclared,
  operationIdMissing,
  operationSuccessResponse,
  arrayItems,
  patternRegex,
];
