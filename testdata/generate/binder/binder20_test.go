package api

// The generated binder (server_binder.go) of binder-2.0.yaml: collectionFormat csv, ssv, tsv, pipes and multi,
// a default, a required header and a form body. Copied next to the generated code by
// src/generator/ext_binder_test.ts.

import (
	"errors"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
)

func TestCollectionFormats(t *testing.T) {
	r := httptest.NewRequest("GET", "/items/1,2?ssv=a%20b&tsv=c%09d&pipes=3|4&multi=e&multi=f&csv=g,h", nil)
	r.Header.Set("X-Token", "t")
	req, err := BindGetItemsRequest(r, map[string]string{"ids": "1,2"})
	if err != nil {
		t.Fatal(err)
	}
	got := []interface{}{req.Ids, req.Ssv, req.Tsv, req.Pipes, req.Multi, req.Csv, *req.Page}
	want := []interface{}{[]int64{1, 2}, []string{"a", "b"}, []string{"c", "d"}, []int64{3, 4}, []string{"e", "f"},
		[]string{"g", "h"}, int64(1)}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %#v, want %#v", got, want)
	}
	_, err = BindGetItemsRequest(httptest.NewRequest("GET", "/items/1", nil), map[string]string{"ids": "1"})
	var be *BindError
	if !errors.As(err, &be) || be.In != "header" || be.Name != "X-Token" {
		t.Fatalf("want the missing X-Token, got %v", err)
	}
	form := httptest.NewRequest("POST", "/items", strings.NewReader("name=box&qty=2"))
	form.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	add, err := BindAddItemRequest(form, nil)
	if err != nil || add.Body.Name != "box" || *add.Body.Qty != 2 || *add.Body.Color != "red" {
		t.Fatalf("form: %#v %v", add.Body, err)
	}
}
