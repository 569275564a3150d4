import { toJsonSchemaDefs } from '@valibot/to-json-schema';
import {
  agreementAnswer,
  chatMessageAnswer,
  consoleChatCardAnswer,
  failureAnswer,
  friendlyLinkAnswer,
  orderAnswer,
  pageCommonAnswer,
  tokensAnswer,
  userInfoAnswer,
} from './api-answers';
import { chatCard, chatCardRequest, visitorMessage } from './chat';
import {
  caseDetailSchema,
  caseSummarySchema,
  cxyyProgrammeSchema,
  editionSchema,
  filmSchema,
  gsweProgrammeSchema,
  helpArticleSchema,
  helpArticleSummarySchema,
  infoPageSchema,
  infoSummarySchema,
  innovationCategorySchema,
  newsDetailSchema,
  newsSummarySchema,
  pageSectionSchema,
  productCategorySchema,
  productSchema,
  productSummarySchema,
  solutionSchema,
  solutionSummarySchema,
  topicSchema,
  wjUrlSchema,
} from './content';
import { feedbackSchema } from './feedback';
import type { Schema } from './openapi-parts';
import { orderSchema } from './order';
import { confirmBody, correlationBody } from './portal-requests';
import { searchResultsSchema } from './search';

/**
 * The OpenAPI document's components, every one generated from the contract's
 * valibot schemas (contract/content.ts, contract/api-answers.ts and the request
 * schemas), so the description says what the code accepts and answers. A schema
 * used inside another (a card in a message) becomes a reference to its own.
 */
export const openApiSchemas = JSON.parse(
  JSON.stringify(
    toJsonSchemaDefs(
      {
        ProductCategory: productCategorySchema,
        ProductSummary: productSummarySchema,
        Edition: editionSchema,
        Product: productSchema,
        SolutionSummary: solutionSummarySchema,
        Solution: solutionSchema,
        CaseSummary: caseSummarySchema,
        Case: caseDetailSchema,
        NewsSummary: newsSummarySchema,
        News: newsDetailSchema,
        InnovationCategory: innovationCategorySchema,
        GsweProgramme: gsweProgrammeSchema,
        CxyyProgramme: cxyyProgrammeSchema,
        Section: pageSectionSchema,
        HelpArticleSummary: helpArticleSummarySchema,
        HelpArticle: helpArticleSchema,
        InfoSummary: infoSummarySchema,
        InfoPage: infoPageSchema,
        Film: filmSchema,
        Topic: topicSchema,
        WjUrl: wjUrlSchema,
        SearchResults: searchResultsSchema,
        OrderRequest: orderSchema,
        FeedbackRequest: feedbackSchema,
        ChatCard: chatCard,
        ChatCardRequest: chatCardRequest,
        ChatMessageRequest: visitorMessage,
        CorrelationRequest: correlationBody,
        ConfirmRequest: confirmBody,
        Failure: failureAnswer,
        PageCommon: pageCommonAnswer,
        FriendlyLink: friendlyLinkAnswer,
        Agreement: agreementAnswer,
        Order: orderAnswer,
        Tokens: tokensAnswer,
        UserInfo: userInfoAnswer,
        ChatMessage: chatMessageAnswer,
        ConsoleChatCard: consoleChatCardAnswer,
      },
      // Transforms (trimming, say) have no JSON Schema; the checks around them do.
      { target: 'draft-2020-12', errorMode: 'ignore' },
    ),
  ).replaceAll('#/$defs/', '#/components/schemas/'),
) as Record<string, Schema>;
