package api

// A hand-written implementation of the generated ServerInterface of roundtrip-3.0.yaml, answering the generated
// client over net/http/httptest. Copied next to the generated code by src/generator/go_roundtrip_test.ts.

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"
)

type impl struct {
	Unimplemented
}

func (impl) GetItem(ctx context.Context, req GetItemRequest) (GetItemResponse, error) {
	if req.ID == 404 {
		return GetItemResponse{StatusCode: 404, JSON404: &Error{Code: 404, Message: "no item " + req.XTrace}}, nil
	}
	tags := append(append([]string{}, req.Fields...), req.Tags...)
	for _, b := range req.XFlags {
		if b {
			tags = append(tags, "flag:true")
		} else {
			tags = append(tags, "flag:false")
		}
	}
	if req.Session != nil {
		tags = append(tags, "session:"+*req.Session)
	}
	var sum float64
	for _, id := range req.Ids {
		sum += float64(id)
	}
	return GetItemResponse{StatusCode: 200, JSON200: &Item{ID: &req.ID, Name: req.XTrace, Tags: tags, Price: NewNullableValue(sum)}}, nil
}

func (impl) DeleteItem(ctx context.Context, req DeleteItemRequest) (DeleteItemResponse, error) {
	if req.ID != 7 {
		return DeleteItemResponse{}, errors.New("unexpected id")
	}
	return DeleteItemResponse{StatusCode: 204}, nil
}

func (impl) CreateItem(ctx context.Context, req CreateItemRequest) (CreateItemResponse, error) {
	if req.Body.Name == "" {
		return CreateItemResponse{StatusCode: 400, JSON400: &Error{Code: 400, Message: "name is empty"}}, nil
	}
	item := req.Body
	id := int64(99)
	item.ID = &id
	return CreateItemResponse{StatusCode: 201, JSON201: &item}, nil
}

func (impl) SubmitForm(ctx context.Context, req SubmitFormRequest) (SubmitFormResponse, error) {
	b := req.Body
	return SubmitFormResponse{JSON200: &SubmitForm200ResponseBody{Name: &b.Name, Count: b.Count, Colors: b.Colors}}, nil
}

func (impl) PutPet(ctx context.Context, req PutPetRequest) (PutPetResponse, error) {
	if !req.Kind.Valid() {
		return PutPetResponse{StatusCode: 422, JSONDefault: &Error{Code: 422, Message: "bad kind"}}, nil
	}
	pet := req.Body
	if cat, ok := pet.AsCat(); ok {
		cat.Lives--
		if req.At != nil {
			cat.Lives += int32(req.At.Hour())
		}
		pet = PetFromCat(cat)
	}
	return PutPetResponse{StatusCode: 200, JSON200: &pet}, nil
}

func (impl) EchoShape(ctx context.Context, req EchoShapeRequest) (EchoShapeResponse, error) {
	return EchoShapeResponse{StatusCode: 200, JSON200: req.Body}, nil
}

func TestRoundTrip(t *testing.T) {
	srv := httptest.NewServer(NewHandler(impl{}))
	defer srv.Close()
	c, err := NewClient(srv.URL, WithHTTPClient(srv.Client()), WithUserAgent("roundtrip"))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	session := "s p/a;ce"

	got, err := c.GetItem(ctx, GetItemRequest{
		ID: 5, Fields: []string{"a", "b c"}, Tags: []string{"x", "y"}, Ids: []int32{1, 2, 3},
		XTrace: "trace-1", XFlags: []bool{true, false}, Session: &session,
	})
	if err != nil {
		t.Fatal(err)
	}
	if got.StatusCode != 200 || got.JSON200 == nil {
		t.Fatalf("GetItem: status %d, body %s", got.StatusCode, got.Body)
	}
	wantTags := []string{"a", "b c", "x", "y", "flag:true", "flag:false", "session:" + session}
	if *got.JSON200.ID != 5 || got.JSON200.Name != "trace-1" || !reflect.DeepEqual(got.JSON200.Tags, wantTags) || got.JSON200.Price.MustGet() != 6 {
		t.Fatalf("GetItem: %+v", *got.JSON200)
	}
	if !strings.Contains(got.HTTPResponse.Request.URL.RawQuery, "fields=a&fields=b+c") ||
		!strings.Contains(got.HTTPResponse.Request.URL.RawQuery, "tags=x%2Cy") ||
		!strings.Contains(got.HTTPResponse.Request.URL.RawQuery, "ids=1%7C2%7C3") {
		t.Fatalf("GetItem query: %s", got.HTTPResponse.Request.URL.RawQuery)
	}

	missing, err := c.GetItem(ctx, GetItemRequest{ID: 404, XTrace: "t"})
	if err != nil {
		t.Fatal(err)
	}
	if missing.StatusCode != 404 || missing.JSON404 == nil || missing.JSON404.Message != "no item t" || missing.JSON200 != nil {
		t.Fatalf("GetItem 404: %d %s", missing.StatusCode, missing.Body)
	}

	noHeader, err := http.Get(srv.URL + "/items/1")
	if err != nil {
		t.Fatal(err)
	}
	noHeader.Body.Close()
	if noHeader.StatusCode != 400 {
		t.Fatalf("missing required header: status %d", noHeader.StatusCode)
	}

	del, err := c.DeleteItem(ctx, DeleteItemRequest{ID: 7})
	if err != nil || del.StatusCode != 204 {
		t.Fatalf("DeleteItem: %v %+v", err, del)
	}

	price := 2.5
	created, err := c.CreateItem(ctx, CreateItemRequest{Body: Item{Name: "lamp", Price: NewNullableValue(price), Created: timePtr(time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC))}})
	if err != nil {
		t.Fatal(err)
	}
	if created.StatusCode != 201 || created.JSON201 == nil || *created.JSON201.ID != 99 || created.JSON201.Name != "lamp" ||
		created.JSON201.Price.MustGet() != 2.5 || !created.JSON201.Created.Equal(time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC)) {
		t.Fatalf("CreateItem: %d %s", created.StatusCode, created.Body)
	}
	invalid, err := c.CreateItem(ctx, CreateItemRequest{Body: Item{}})
	if err != nil || invalid.StatusCode != 400 || invalid.JSON400 == nil || invalid.JSON400.Code != 400 {
		t.Fatalf("CreateItem 400: %v %s", err, invalid.Body)
	}

	count := int64(3)
	form, err := c.SubmitForm(ctx, SubmitFormRequest{Body: &SubmitFormForm{Name: "n&m", Count: &count, Colors: []string{"red", "green"}}})
	if err != nil {
		t.Fatal(err)
	}
	if form.StatusCode != 200 || *form.JSON200.Name != "n&m" || *form.JSON200.Count != 3 || !reflect.DeepEqual(form.JSON200.Colors, []string{"red", "green"}) {
		t.Fatalf("SubmitForm: %d %s", form.StatusCode, form.Body)
	}

	at := time.Date(2024, 1, 1, 2, 0, 0, 0, time.UTC)
	pet, err := c.PutPet(ctx, PutPetRequest{Kind: KindCat, Name: "tom/jerry", At: &at, Body: PetFromCat(Cat{PetType: "cat", Lives: 9})})
	if err != nil {
		t.Fatal(err)
	}
	if cat, ok := pet.JSON200.AsCat(); !ok || cat.Lives != 10 || pet.JSON200.Dog != nil {
		t.Fatalf("PutPet cat: %s", pet.Body)
	}
	dog, err := c.PutPet(ctx, PutPetRequest{Kind: KindDog, Name: "rex", Body: PetFromDog(Dog{PetType: "dog", Good: true})})
	if err != nil {
		t.Fatal(err)
	}
	if d, ok := dog.JSON200.AsDog(); !ok || !d.Good {
		t.Fatalf("PutPet dog: %s", dog.Body)
	}
	bad, err := c.PutPet(ctx, PutPetRequest{Kind: Kind("cow"), Name: "x", Body: PetFromDog(Dog{PetType: "dog"})})
	if err != nil || bad.StatusCode != 422 || bad.JSONDefault == nil || bad.JSONDefault.Message != "bad kind" {
		t.Fatalf("PutPet default: %v %d %s", err, bad.StatusCode, bad.Body)
	}

	for _, in := range []Shape{ShapeFromShape1(Shape1{Radius: 1.5}), ShapeFromShape2(Shape2{Side: 2})} {
		in := in
		shape, err := c.EchoShape(ctx, EchoShapeRequest{Body: &in})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(*shape.JSON200, in) {
			t.Fatalf("EchoShape: %s", shape.Body)
		}
	}

	resp, err := http.Post(srv.URL+"/items/1", "application/json", strings.NewReader("{}"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 405 || resp.Header.Get("Allow") != "DELETE, GET" {
		t.Fatalf("405: %d %q", resp.StatusCode, resp.Header.Get("Allow"))
	}
	nf, err := http.Get(srv.URL + "/nothing")
	if err != nil {
		t.Fatal(err)
	}
	nf.Body.Close()
	if nf.StatusCode != 404 {
		t.Fatalf("404: %d", nf.StatusCode)
	}
}

func timePtr(t time.Time) *time.Time {
	return &t
}
