import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { NodeType } from '../../server/src/service/document/pearlDocument';
import { nodeTypeNames, variableGroupNames } from '../../server/src/service/interface/enumNames';
import {
  getNodeTypeFacts,
  getSettingsProperty,
  getTransitionProblems,
  isDeclarableGroup,
  isNestedActionType,
  isVoiceOnlyNodeType,
  nodeTypeTable,
  settingsProperties,
  TransitionProblem,
  variableGroupTable,
} from '../../server/src/service/interface/nodeTypes';
import { findSchemaForPath } from '../../server/src/service/interface/schemaNavigator';

test('the node type table has every node type of the schema once, by the schema’s name, and nothing else', () => {
  const fromSchema = Object.entries(nodeTypeNames).map(([value, name]) => [Number(value), name]);
  assert.deepEqual(
    nodeTypeTable.map((facts) => [facts.nodeType, facts.name]),
    fromSchema,
  );
  assert.deepEqual(
    variableGroupTable.map((facts) => [facts.group, facts.name]),
    Object.entries(variableGroupNames).map(([value, name]) => [Number(value), name]),
  );
});

test('each settings object of the table is a Node property of the schema, and its skeleton has only fields of it', () => {
  assert.deepEqual(settingsProperties, ['apiSettings', 'smsSettings', 'emailSettings', 'transferCallSettings']);
  for (const facts of nodeTypeTable) {
    if (!facts.settings) continue;
    const schema = findSchemaForPath('text', ['pearl', 'nodes', 0, facts.settings.property]);
    assert.ok(schema, facts.settings.property);
    for (const key of Object.keys(facts.settings.skeleton)) {
      assert.ok(findSchemaForPath('text', ['pearl', 'nodes', 0, facts.settings.property, key]), `${facts.name}: ${key}`);
    }
  }
  assert.equal(getSettingsProperty(NodeType.PreCallAPI), 'apiSettings');
  assert.equal(getSettingsProperty(NodeType.Dialogue), undefined);
  assert.equal(getSettingsProperty(undefined), undefined);
});

test('voice-only, nested-action and declarable facts', () => {
  assert.deepEqual(
    nodeTypeTable.filter((facts) => isVoiceOnlyNodeType(facts.nodeType)).map((facts) => facts.name),
    ['TransferCall', 'StartCallRecording'],
  );
  assert.deepEqual(
    nodeTypeTable.filter((facts) => isNestedActionType(facts.nodeType)).map((facts) => facts.name),
    ['API', 'SMS', 'Email'],
  );
  assert.equal(isVoiceOnlyNodeType('60'), false);
  assert.equal(getNodeTypeFacts(7), undefined);
  assert.equal(getNodeTypeFacts(-1), undefined);
  assert.equal(getNodeTypeFacts(2.5), undefined);
  assert.deepEqual([1, 2, 3, undefined, 9].map(isDeclarableGroup), [true, true, false, true, true]);
});

test('getTransitionProblems: each problem alone, and several at once', () => {
  const check = (
    source: number,
    target: number,
    options: { sourceNested?: boolean; targetNested?: boolean; nodeId?: boolean } = {},
  ): number => getTransitionProblems(source, options.sourceNested ?? false, target, options.targetNested ?? false, options.nodeId ?? true);
  assert.equal(check(NodeType.Dialogue, NodeType.EndCall), 0);
  assert.equal(check(NodeType.PreCallAPI, NodeType.OpeningSentence), 0);
  assert.equal(check(NodeType.SMS, NodeType.EndCall, { sourceNested: true }), TransitionProblem.sourceNested);
  assert.equal(check(NodeType.EndCall, NodeType.Dialogue), TransitionProblem.sourceEndsConversation);
  assert.equal(check(NodeType.PostCallActions, NodeType.Dialogue), TransitionProblem.sourceOutsideGraph);
  assert.equal(check(NodeType.Dialogue, NodeType.SMS, { targetNested: true }), TransitionProblem.targetNested);
  assert.equal(check(NodeType.Dialogue, NodeType.PostCallActions), TransitionProblem.targetOutsideGraph);
  assert.equal(check(NodeType.PreCallAPI, NodeType.Dialogue), TransitionProblem.targetNotOpeningSentence);
  assert.equal(check(NodeType.Dialogue, NodeType.Dialogue, { nodeId: false }), TransitionProblem.targetWithoutNodeId);
  assert.equal(
    check(NodeType.PreCallAPI, NodeType.PostCallActions),
    TransitionProblem.targetOutsideGraph | TransitionProblem.targetNotOpeningSentence,
  );
  // A type outside the table raises no type-dependent problem.
  assert.equal(check(7, 7), 0);
});
